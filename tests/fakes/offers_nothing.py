"""An implementation that offers no operation of any game: every check that asks it anything is not implemented."""


class OffersNothing:
    """No method at all: each game's operations are looked up on it by name, and none is found."""
