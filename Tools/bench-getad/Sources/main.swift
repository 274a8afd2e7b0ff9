print("bench-getad: being written")
