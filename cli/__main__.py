from mazo.entry import main

main()
