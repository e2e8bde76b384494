"""Seating plans of whist drives, worked out by hand from the movement rules, to test the engine against.

Players are numbered as the organiser entered them (Player 1, Player 2...). A
table is written (N, E, S, W). Hand 1 always seats entries 4t-3 North, 4t-2
South, 4t-1 East and 4t West at table t, so table 1 is (1, 3, 2, 4).

The rules applied by hand (see scorekeeper/rules/drive/seating.py):
- a loser who sat North or East moves **up**, one who sat South or West **down**;
  with "higher", up is table t → t + 1 (the last table wraps to table 1), with
  "lower" the reverse;
- an up-mover takes the free North/East seat of the table reached, a down-mover
  the free South/West seat;
- progressive: the winner in N or E stays put, the winner in S or W crosses to
  the other S/W seat (so it faces its old partner); semi-partner and partner:
  winners keep their seats; partner: the losing pair moves up together.
``results`` give N–S tricks at each table per hand (7 or more: N–S won).
"""

from __future__ import annotations

from dataclasses import dataclass

Seating = tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True, kw_only=True)
class Plan:
    """A drive's first hands: the results entered and the seatings they must lead to."""

    label: str
    format: str
    players: int
    up_direction: str
    results: tuple[tuple[int, ...], ...]
    seatings: tuple[Seating, ...]
    sitting_out: tuple[tuple[int, ...], ...] = ()


THREE_TABLES_HAND_1: Seating = ((1, 3, 2, 4), (5, 7, 6, 8), (9, 11, 10, 12))
# Hand 1: table 1 N–S win (9), table 2 E–W win (4 for N–S), table 3 E–W win (6 for N–S).
# Hand 2: table 1 E–W win (5), table 2 N–S win (7), table 3 N–S win (10).
THREE_TABLE_RESULTS = ((9, 4, 6), (5, 7, 10))

PROGRESSIVE_3 = Plan(
    label="progressive, 3 tables",
    format="progressive",
    players=12,
    up_direction="higher",
    results=THREE_TABLE_RESULTS,
    seatings=(
        THREE_TABLES_HAND_1,
        # T1 N–S won: 1 stays N, 2 crosses S→W; losers 3 (E) up to T2, 4 (W) down to T3 (wraps).
        # T2 E–W won: 7 stays E, 8 crosses W→S; losers 5 (N) up to T3, 6 (S) down to T1.
        # T3 E–W won: 11 stays E, 12 crosses W→S; losers 9 (N) up to T1 (wraps), 10 (S) down to T2.
        # T1 free E ← 9 (up from T3), free S ← 6 (down from T2).
        # T2 free N ← 3 (up from T1), free W ← 10 (down from T3).
        # T3 free N ← 5 (up from T2), free W ← 4 (down from T1).
        ((1, 9, 6, 2), (3, 7, 8, 10), (5, 11, 12, 4)),
        # T1 E–W won (9, 2): 9 stays E, 2 crosses W→S; losers 1 (N) up to T2, 6 (S) down to T3.
        # T2 N–S won (3, 8): 3 stays N, 8 crosses S→W; losers 7 (E) up to T3, 10 (W) down to T1.
        # T3 N–S won (5, 12): 5 stays N, 12 crosses S→W; losers 11 (E) up to T1, 4 (W) down to T2.
        # T1 free N ← 11, free W ← 10. T2 free E ← 1, free S ← 4. T3 free E ← 7, free S ← 6.
        ((11, 9, 2, 10), (3, 1, 4, 8), (5, 7, 6, 12)),
    ),
)

SEMI_PARTNER_3 = Plan(
    label="semi-partner, 3 tables",
    format="semi_partner",
    players=12,
    up_direction="higher",
    results=THREE_TABLE_RESULTS,
    seatings=(
        THREE_TABLES_HAND_1,
        # Winners keep their seats: T1 1 & 2, T2 7 & 8, T3 11 & 12.
        # Losers: 3 up to T2, 4 down to T3; 5 up to T3, 6 down to T1; 9 up to T1, 10 down to T2.
        # T1 free E ← 9, free W ← 6. T2 free N ← 3, free S ← 10. T3 free N ← 5, free S ← 4.
        ((1, 9, 2, 6), (3, 7, 10, 8), (5, 11, 4, 12)),
        # Winners stay: T1 E–W 9 & 6, T2 N–S 3 & 10, T3 N–S 5 & 4.
        # Losers: 1 up to T2, 2 down to T3; 7 up to T3, 8 down to T1; 11 up to T1, 12 down to T2.
        # T1 free N ← 11, free S ← 8. T2 free E ← 1, free W ← 12. T3 free E ← 7, free W ← 2.
        ((11, 9, 8, 6), (3, 1, 10, 12), (5, 7, 4, 2)),
    ),
)

PARTNER_3 = Plan(
    label="partner, 3 tables",
    format="partner",
    players=12,
    up_direction="higher",
    results=THREE_TABLE_RESULTS,
    seatings=(
        THREE_TABLES_HAND_1,  # pairs 1–2, 3–4, 5–6, 7–8, 9–10, 11–12
        # Losing pairs move up together: 3–4 to T2, 5–6 to T3, 9–10 to T1 (wraps).
        # T1 free E, W ← 9, 10. T2 free N, S ← 3, 4. T3 free N, S ← 5, 6.
        ((1, 9, 2, 10), (3, 7, 4, 8), (5, 11, 6, 12)),
        # Winners: T1 E–W 9–10, T2 N–S 3–4, T3 N–S 5–6. Losers: 1–2 to T2, 7–8 to T3, 11–12 to T1.
        ((11, 9, 12, 10), (3, 1, 4, 2), (5, 7, 6, 8)),
    ),
)

FOUR_TABLES_HAND_1: Seating = ((1, 3, 2, 4), (5, 7, 6, 8), (9, 11, 10, 12), (13, 15, 14, 16))
# Hand 1: T1 N–S 13 (N–S win), T2 N–S 0 (E–W), T3 N–S 7 (N–S), T4 N–S 6 (E–W).
# Up is towards *lower* tables here: T2 → T1, T1 → T4 (wraps); down T4 → T1 (wraps), T1 → T2.
FOUR_TABLE_RESULTS = ((13, 0, 7, 6),)

PROGRESSIVE_4 = Plan(
    label="progressive, 4 tables, up is lower",
    format="progressive",
    players=16,
    up_direction="lower",
    results=FOUR_TABLE_RESULTS,
    seatings=(
        FOUR_TABLES_HAND_1,
        # T1 N–S won: 1 stays N, 2 crosses to W; losers 3 up to T4, 4 down to T2.
        # T2 E–W won: 7 stays E, 8 crosses to S; losers 5 up to T1, 6 down to T3.
        # T3 N–S won: 9 stays N, 10 crosses to W; losers 11 up to T2, 12 down to T4.
        # T4 E–W won: 15 stays E, 16 crosses to S; losers 13 up to T3, 14 down to T1.
        # T1 free E ← 5, S ← 14. T2 free N ← 11, W ← 4. T3 free E ← 13, S ← 6. T4 free N ← 3, W ← 12.
        ((1, 5, 14, 2), (11, 7, 8, 4), (9, 13, 6, 10), (3, 15, 16, 12)),
    ),
)

SEMI_PARTNER_4 = Plan(
    label="semi-partner, 4 tables, up is lower",
    format="semi_partner",
    players=16,
    up_direction="lower",
    results=FOUR_TABLE_RESULTS,
    seatings=(
        FOUR_TABLES_HAND_1,
        # Winners stay: 1 & 2, 7 & 8, 9 & 10, 15 & 16.
        # Losers: 3 up to T4, 4 down to T2; 5 up to T1, 6 down to T3; 11 up to T2, 12 down to T4;
        # 13 up to T3, 14 down to T1.
        # T1 free E ← 5, W ← 14. T2 free N ← 11, S ← 4. T3 free E ← 13, W ← 6. T4 free N ← 3, S ← 12.
        ((1, 5, 2, 14), (11, 7, 4, 8), (9, 13, 10, 6), (3, 15, 12, 16)),
    ),
)

PARTNER_4 = Plan(
    label="partner, 4 tables, up is lower",
    format="partner",
    players=16,
    up_direction="lower",
    results=FOUR_TABLE_RESULTS,
    seatings=(
        FOUR_TABLES_HAND_1,
        # Losing pairs move up (to the lower table) together: 3–4 to T4, 5–6 to T1, 11–12 to T2,
        # 13–14 to T3. T1 free E, W ← 5, 6. T2 free N, S ← 11, 12. T3 free E, W ← 13, 14.
        # T4 free N, S ← 3, 4.
        ((1, 5, 2, 6), (11, 7, 12, 8), (9, 13, 10, 14), (3, 15, 4, 16)),
    ),
)

SEVEN_TABLES_HAND_1: Seating = (
    (1, 3, 2, 4),
    (5, 7, 6, 8),
    (9, 11, 10, 12),
    (13, 15, 14, 16),
    (17, 19, 18, 20),
    (21, 23, 22, 24),
    (25, 27, 26, 28),
)
# Hand 1, N–S tricks: 8, 2, 7, 7, 1, 12, 5 → winners N–S, E–W, N–S, N–S, E–W, N–S, E–W.
SEVEN_TABLE_RESULTS = ((8, 2, 7, 7, 1, 12, 5),)

PROGRESSIVE_7 = Plan(
    label="progressive, 7 tables",
    format="progressive",
    players=28,
    up_direction="higher",
    results=SEVEN_TABLE_RESULTS,
    seatings=(
        SEVEN_TABLES_HAND_1,
        # Stay / cross: T1 1 N, 2→W; T2 7 E, 8→S; T3 9 N, 10→W; T4 13 N, 14→W; T5 19 E, 20→S;
        # T6 21 N, 22→W; T7 27 E, 28→S.
        # Up-movers: 3 (T1→T2), 5 (T2→T3), 11 (T3→T4), 15 (T4→T5), 17 (T5→T6), 23 (T6→T7), 25 (T7→T1).
        # Down-movers: 4 (T1→T7), 6 (T2→T1), 12 (T3→T2), 16 (T4→T3), 18 (T5→T4), 24 (T6→T5),
        # 26 (T7→T6).
        # T1 free E ← 25, S ← 6. T2 free N ← 3, W ← 12. T3 free E ← 5, S ← 16. T4 free E ← 11,
        # S ← 18. T5 free N ← 15, W ← 24. T6 free E ← 17, S ← 26. T7 free N ← 23, W ← 4.
        (
            (1, 25, 6, 2),
            (3, 7, 8, 12),
            (9, 5, 16, 10),
            (13, 11, 18, 14),
            (15, 19, 20, 24),
            (21, 17, 26, 22),
            (23, 27, 28, 4),
        ),
    ),
)

SEMI_PARTNER_7 = Plan(
    label="semi-partner, 7 tables",
    format="semi_partner",
    players=28,
    up_direction="higher",
    results=SEVEN_TABLE_RESULTS,
    seatings=(
        SEVEN_TABLES_HAND_1,
        # Winners stay in their seats; losers move as in progressive (same movers as above).
        # T1 free E ← 25, W ← 6. T2 free N ← 3, S ← 12. T3 free E ← 5, W ← 16. T4 free E ← 11,
        # W ← 18. T5 free N ← 15, S ← 24. T6 free E ← 17, W ← 26. T7 free N ← 23, S ← 4.
        (
            (1, 25, 2, 6),
            (3, 7, 12, 8),
            (9, 5, 10, 16),
            (13, 11, 14, 18),
            (15, 19, 24, 20),
            (21, 17, 22, 26),
            (23, 27, 4, 28),
        ),
    ),
)

PARTNER_7 = Plan(
    label="partner, 7 tables",
    format="partner",
    players=28,
    up_direction="higher",
    results=SEVEN_TABLE_RESULTS,
    seatings=(
        SEVEN_TABLES_HAND_1,
        # Losing pairs up one table: 3–4 to T2, 5–6 to T3, 11–12 to T4, 15–16 to T5, 17–18 to T6,
        # 23–24 to T7, 25–26 to T1.
        (
            (1, 25, 2, 26),
            (3, 7, 4, 8),
            (9, 5, 10, 6),
            (13, 11, 14, 12),
            (15, 19, 16, 20),
            (21, 17, 22, 18),
            (23, 27, 24, 28),
        ),
    ),
)

# --- incomplete tables --------------------------------------------------------------------

PROGRESSIVE_3_WITH_TWO_OUT = Plan(
    label="progressive, 3 tables and 2 players sitting out",
    format="progressive",
    players=14,
    up_direction="higher",
    results=THREE_TABLE_RESULTS,
    seatings=(
        THREE_TABLES_HAND_1,
        # The movement of PROGRESSIVE_3 gives (1, 9, 6, 2), (3, 7, 8, 10), (5, 11, 12, 4).
        # Hand 2 sits out players 1 and 2 (the rotation after 13, 14): they left T1 N and T1 W,
        # and 13, 14 take those seats in order. 13 and 14 never played, so no one meets an old
        # partner.
        ((13, 9, 6, 14), (3, 7, 8, 10), (5, 11, 12, 4)),
        # T1 E–W won (9, 14): 9 stays E, 14 crosses W→S; losers 13 up to T2, 6 down to T3.
        # T2 N–S won (3, 8): 3 stays N, 8 crosses S→W; losers 7 up to T3, 10 down to T1.
        # T3 N–S won (5, 12): 5 stays N, 12 crosses S→W; losers 11 up to T1, 4 down to T2.
        # Moved: T1 (11, 9, 14, 10), T2 (3, 13, 4, 8), T3 (5, 7, 6, 12).
        # Hand 3 sits out 3 and 4, who were at T2 N and S: 1 and 2 come back there. But 1 and 2
        # were partners in hand 1, their last hand, so T2 is re-seated, moving as few of 13 and 8
        # as possible: one must move. The first such seating, in the order N, E, S, W, keeps 1 N
        # and 13 E and swaps 8 and 2: (1, 13, 8, 2). 1 partners 8 (8 last partnered 3) and 13
        # partners 2 (13 last partnered 6).
        ((11, 9, 14, 10), (1, 13, 8, 2), (5, 7, 6, 12)),
    ),
    sitting_out=((13, 14), (1, 2), (3, 4)),
)

SEMI_PARTNER_3_WITH_ONE_OUT = Plan(
    label="semi-partner, 3 tables and 1 player sitting out",
    format="semi_partner",
    players=13,
    up_direction="higher",
    results=THREE_TABLE_RESULTS,
    seatings=(
        THREE_TABLES_HAND_1,
        # The movement of SEMI_PARTNER_3 gives (1, 9, 2, 6), (3, 7, 10, 8), (5, 11, 4, 12);
        # player 1 sits out hand 2 and 13 takes T1 N.
        ((13, 9, 2, 6), (3, 7, 10, 8), (5, 11, 4, 12)),
        # Winners stay: T1 E–W 9 & 6, T2 N–S 3 & 10, T3 N–S 5 & 4.
        # Losers: 13 up to T2, 2 down to T3; 7 up to T3, 8 down to T1; 11 up to T1, 12 down to T2.
        # Moved: T1 (11, 9, 8, 6), T2 (3, 13, 10, 12), T3 (5, 7, 4, 2). Sit-outs rotate within a role:
        # the ladies (odd entries: North or East in hand 1) sit out in turn, 13, 1, then 3, who is at
        # T2 N; lady 1 comes back to that lady's seat.
        ((11, 9, 8, 6), (1, 13, 10, 12), (5, 7, 4, 2)),
    ),
    sitting_out=((13,), (1,), (3,)),
)

PARTNER_3_WITH_A_PAIR_OUT = Plan(
    label="partner, 3 tables and a pair sitting out",
    format="partner",
    players=14,
    up_direction="higher",
    results=THREE_TABLE_RESULTS,
    seatings=(
        THREE_TABLES_HAND_1,
        # The movement of PARTNER_3 gives (1, 9, 2, 10), (3, 7, 4, 8), (5, 11, 6, 12); pair 1–2
        # sits out hand 2 and pair 13–14 takes their seats, 13 North.
        ((13, 9, 14, 10), (3, 7, 4, 8), (5, 11, 6, 12)),
        # Losers: 13–14 (T1 N–S) to T2, 7–8 (T2 E–W) to T3, 11–12 (T3 E–W) to T1.
        # Moved: T1 (11, 9, 12, 10), T2 (3, 13, 4, 14), T3 (5, 7, 6, 8); pair 3–4 sits out hand 3
        # and 1–2 come back to T2 N–S.
        ((11, 9, 12, 10), (1, 13, 2, 14), (5, 7, 6, 8)),
    ),
    sitting_out=((13, 14), (1, 2), (3, 4)),
)

PLANS = (
    PROGRESSIVE_3,
    SEMI_PARTNER_3,
    PARTNER_3,
    PROGRESSIVE_4,
    SEMI_PARTNER_4,
    PARTNER_4,
    PROGRESSIVE_7,
    SEMI_PARTNER_7,
    PARTNER_7,
    PROGRESSIVE_3_WITH_TWO_OUT,
    SEMI_PARTNER_3_WITH_ONE_OUT,
    PARTNER_3_WITH_A_PAIR_OUT,
)
