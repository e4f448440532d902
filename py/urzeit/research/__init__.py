"""Tools for people who study or train bots on these games (docs/bots.md): the games as
OpenSpiel games (`openspiel`), a PettingZoo AEC environment (`pettingzoo_env`) and our bots
against OpenSpiel's (`reference`). Optional: `pip install urzeit[research]`; nothing in the
engine or the page imports this package."""
