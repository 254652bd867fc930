"""`uno-table enroll --camera --from DIR`: learn the deck's faces from photos named by code."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine import Card, RuleSet
from table.commands.identify import vision
from table.commands.photos import PhotoError, code_of, photos_in, read_photo
from table.setup.config import ConfigError


def from_photos(
    folder: Path,
    faces_path: Path,
    preset: str,
    say: Callable[[str], None] = lambda line: print(line, flush=True),
) -> int:
    """Learn each face of `preset`'s deck that has photos in `folder` (CODE_anything.jpg|png)
    and save the faces to `faces_path`; ConfigError (one line) for a bad folder or photo."""
    deck = sorted({str(card) for card in RuleSet.preset(preset).deck()})
    files = photos_in(folder) if folder.is_dir() else []
    if not folder.is_dir():
        raise ConfigError(f"{folder}: no such folder of photos")
    if not files:
        raise ConfigError(f"{folder}: no photos (CODE_anything.jpg or .png) to learn from")
    by_code: dict[str, list[Path]] = {}
    for path in files:
        code = code_of(path)
        if code not in deck:
            raise ConfigError(f"{path}: {code!r} is not a card of the {preset} deck")
        by_code.setdefault(code, []).append(path)
    faces = _learn(by_code)
    misnamed = _misnamed(faces, by_code)
    if misnamed:
        raise ConfigError(misnamed)
    try:
        faces.save(faces_path)
    except OSError as err:
        raise ConfigError(f"{faces_path}: cannot save the faces: {err.strerror or err}") from None
    missing = [code for code in deck if code not in by_code]
    say(f"learnt {len(by_code)} of {len(deck)} faces of the {preset} deck "
        f"from {len(files)} photos into {faces_path}")  # fmt: skip
    if missing:
        say(f"not known (no photo): {' '.join(missing)}")
    return 0


def _learn(by_code: dict[str, list[Path]]):
    """Faces from the photos, a photo that shows no single clear card named by its file."""
    hw_vision = vision()
    try:
        photos = {code: [read_photo(p) for p in paths] for code, paths in by_code.items()}
        return hw_vision.Faces.learn(photos)
    except PhotoError as err:
        raise ConfigError(str(err)) from None
    except hw_vision.FacesError as err:
        raise ConfigError(_named(err, by_code)) from None


def _named(err, by_code: dict[str, list[Path]]) -> str:
    """The learner's message, with the photo's file name when it names one photo."""
    code, number = getattr(err, "code", None), getattr(err, "number", None)
    if code in by_code and number is not None and 0 < number <= len(by_code[code]):
        return f"{by_code[code][number - 1]}: {err.reason}"
    return str(err)


def _misnamed(faces, by_code: dict[str, list[Path]]) -> str | None:
    """The first photo whose card is not the one its name says, as the deck's other faces
    show: a face of one colour among another's, or a symbol that the other colours show for
    another rank (a 6 named R5 would be read as R5 for ever). None when all agree."""
    cards = [Card.parse(code) for code in faces.code_list]
    owner = [int(i) for i in faces.owner]
    for k, face in enumerate(owner):
        path = by_code[faces.code_list[face]][owner[:k].count(face)]
        wrong = _miscoloured(faces, cards, face) or _misranked(faces, cards, owner, k)
        if wrong:
            return f"{path}: {wrong}, not {cards[face]}"
    return None


def _miscoloured(faces, cards: list[Card], face: int) -> str | None:
    """Another colour, when most faces of this face's colour group are of it."""
    group = faces.palette.group
    colours = [cards[f].color for f in range(len(cards)) if group[f] == group[face]]
    most = max(set(colours), key=colours.count)
    if colours.count(most) <= colours.count(cards[face].color):
        return None
    return "shows a wild's colour" if most is None else f"shows the colour of the {most} cards"


def _misranked(faces, cards: list[Card], owner: list[int], k: int) -> str | None:
    """Another rank, when template `k` looks more like it than like its own rank, both as the
    other colours show them."""
    card, likeness = cards[owner[k]], faces.likeness[k]
    others = [j for j in range(len(owner)) if cards[owner[j]].color != card.color]
    same = [likeness[j] for j in others if cards[owner[j]].rank == card.rank]
    unlike = [j for j in others if cards[owner[j]].rank != card.rank]
    if not same or not unlike:
        return None
    best = max(unlike, key=lambda j: likeness[j])
    like = cards[owner[best]]
    return f"shows the rank of {like} ({like.rank.value})" if likeness[best] > max(same) else None
