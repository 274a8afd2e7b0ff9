print("beacon-child: being written")
