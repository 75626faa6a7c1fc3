"""What the routes ask beyond a live table: the Tower campaign's groups and rides."""
