// placeholder; see Tools/fuzz/README.md
