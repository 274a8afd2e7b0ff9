print("bench-chain: being written")
