from mazo.cli import main

main()
