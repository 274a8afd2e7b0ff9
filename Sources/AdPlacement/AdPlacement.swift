/// Placement policy (being written).
