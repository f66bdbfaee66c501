print("tonmeister")
