"""The balance lab: many computer games in parallel, summarised with honest intervals."""
