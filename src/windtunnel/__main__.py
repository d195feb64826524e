from windtunnel.cli.entry import main

main()
