"""The database: the schema and its migrations, the database thread, every read and
write as a plain function."""
