"""What an operator sets and watches: settings, logs, metrics, start-up checks, the
security headers and the HTTP connections' time limits."""
