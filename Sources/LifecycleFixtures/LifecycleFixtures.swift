/// Lifecycle fixtures (being written).
