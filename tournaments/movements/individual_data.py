"""Cyclic whist tournaments (found by exhaustive search against John Pain's criteria).

``WHIST_TOURNAMENTS[v] = (blocks, set_offsets)``: the round-1 tables as (N, S, E, W) elements of
Z_m (m = v - 1 with a fixed player ``None`` when v = 4n, m = v when v = 4n + 1, element 0 then
sitting out); round r adds r to every element. Each element partners every other once and
opposes every other twice. ``set_offsets`` (table k plays set r + offset_k) keep every board at
one table per round; ``None`` means no such offsets exist and all tables play the same set.
"""

WHIST_TOURNAMENTS = {
    4: (((2, 0, None, 1),), (0,)),
    5: (((1, 4, 2, 3),), (0,)),
    12: (((9, None, 3, 2), (10, 8, 6, 0), (1, 5, 4, 7)), None),
    13: (((9, 6, 7, 12), (8, 10, 1, 5), (11, 4, 2, 3)), (0, 10, 1)),
    16: (((10, 9, 1, 7), (8, 11, 0, 13), (12, 5, 2, 6), (None, 3, 4, 14)), None),
}
