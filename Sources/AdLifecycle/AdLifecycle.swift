/// The lifecycle controllers (being written).
