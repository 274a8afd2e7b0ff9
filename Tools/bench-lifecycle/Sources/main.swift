print("bench-lifecycle: being written")
