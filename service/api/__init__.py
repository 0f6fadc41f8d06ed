"""HTTP routes, grouped by resource."""
