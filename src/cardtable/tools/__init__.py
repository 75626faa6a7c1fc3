"""Tools around the site that are not part of it: the load script."""
