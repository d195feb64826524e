from windtunnel.cli.app import main

main()
