"""The games; each subpackage implements the engine contract of :mod:`cardtable.engine`."""
