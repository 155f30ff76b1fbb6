"""Cyclic whist tournaments Wh(v) (Baker 1975: they exist for every v = 0 or 1 mod 4, v >= 4).

``WHIST_TOURNAMENTS[v] = (blocks, set_offsets)``: the round-1 tables as (N, S, E, W) elements of
Z_m (m = v - 1 with a fixed player ``None`` when v = 4n, m = v when v = 4n + 1, element 0 then
sitting out); round r adds r to every element. Each element partners every other once and
opposes every other twice. ``set_offsets`` (table k plays set r + offset_k) keep every board at
one table per round; ``None`` means shared boards: all tables play the same set.

How they were found (``python -m tournaments.movements.whist_search V``, which checks the
difference conditions): 4, 5, 12, 13 and 16 by exhaustive search against John Pain's criteria;
17 and 29 by the primitive-root construction x^i (1, -1, w, -w), w = x^(v // 4); 9 and 25 by the
same construction in GF(9), GF(25) (``--group 3x3``, ``5x5``); 20, 21, 24 and 28 by simulated
annealing (seed 0). Exhaustive search shows no Z-cyclic Wh(9) exists, so 9 and 25 are developed
over ``WHIST_GROUPS`` = Z_p x Z_p (element p a + b, round r adds the element coded r). Set offsets
do not exist for any Z_7, Z_11 (8, 12 players), Z_3 x Z_3 or Z_17 starter (exhaustive); none were
found for the larger sizes.
"""

WHIST_GROUPS = {9: (3, 3), 25: (5, 5)}

WHIST_TOURNAMENTS = {
    4: (((2, 0, None, 1),), (0,)),
    5: (((1, 4, 2, 3),), (0,)),
    12: (((9, None, 3, 2), (10, 8, 6, 0), (1, 5, 4, 7)), None),
    13: (((9, 6, 7, 12), (8, 10, 1, 5), (11, 4, 2, 3)), (0, 10, 1)),
    16: (((10, 9, 1, 7), (8, 11, 0, 13), (12, 5, 2, 6), (None, 3, 4, 14)), None),
    9: (((3, 6, 2, 1), (4, 8, 5, 7)), None),
    17: (((1, 16, 13, 4), (3, 14, 5, 12), (9, 8, 15, 2), (10, 7, 11, 6)), None),
    20: (((5, None, 7, 11), (16, 3, 4, 12), (2, 18, 14, 13), (9, 0, 8, 6), (15, 1, 17, 10)),
         None),
    21: (((5, 10, 4, 13), (6, 8, 18, 1), (14, 7, 9, 3), (16, 15, 2, 12), (19, 11, 17, 20)),
         None),
    24: (((21, 8, 3, 4), (None, 7, 19, 17), (20, 9, 6, 13), (18, 12, 5, 10), (15, 11, 14, 0),
          (22, 2, 1, 16)), None),
    25: (((5, 20, 15, 10), (7, 23, 16, 14), (24, 6, 12, 18), (2, 3, 1, 4), (17, 13, 21, 9),
          (8, 22, 19, 11)), None),
    28: (((21, 24, None, 22), (2, 19, 12, 25), (3, 14, 1, 6), (9, 15, 18, 10), (4, 0, 23, 11),
          (26, 8, 20, 13), (7, 5, 16, 17)), None),
    29: (((1, 28, 12, 17), (2, 27, 24, 5), (4, 25, 19, 10), (8, 21, 9, 20), (16, 13, 18, 11),
          (3, 26, 7, 22), (6, 23, 14, 15)), None),
}
