print("bench-batch: being written")
