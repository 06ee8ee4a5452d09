"""One module per `mazo` command; each is a thin layer over the library."""
