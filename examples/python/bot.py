#!/usr/bin/env python3
"""An example bot in Python (standard library only) speaking the
JSON-lines bot protocol of docs/protocol.md, for every game of the lab.
Run it with nzsc as

    nzsc match "exec:python3 examples/python/bot.py" random
    nzsc match "exec:python3 examples/python/bot.py" random greedy --players 3
    nzsc match "exec:python3 examples/python/bot.py" random --game npzr

In NZSC it picks a character at random and one of its character's two
boosters. In each round it plays the legal move with the best expected
score (its points minus the opponents') against each opponent's available
moves; at two players weighted by how often the opponent played each so
far this game (the history two-player NZSC's messages carry), at 3 or 4
taken as equally likely (the observation those games send). In any other
game (NPZR) it answers a uniformly random legal action.
"""
import json
import random
import sys

MOVES = ["Kick", "Ninja Sword", "Nunchucks", "Shadow Fireball", "Shadow Slip",
         "Run in Circles", "Lightning Fast Karate Chop", "Rampage", "Muscle", "Zap",
         "Regenerate", "Gravedigger", "Zombie Corps", "Apocalypse", "Samurai Sword",
         "Helmet", "Smash", "Lightning", "Earthquake", "Twist", "Bend",
         "Juggling Knives", "Acid Spray", "Nose", "Backwards Moustachio",
         "Nose of the Taunted", "Mustache Mash", "Big Hairy Deal"]
# Row y, column x: the points move x scores against move y.
TABLE = """0000000010101100110011000001 0000000100101010001010010100 0000000100100110101100010100
0000000000101100101000001100 0000000000100000001000001000 0000000000100000001000001000
0000000010100110010011001001 1001001000000000110011000000 0111000000000010011101000000
0000000000000000000000000000 0000000000000000000000001000 0000000000000000001000001000
0010001000000000010010001001 0100000000000000001010001001 1011000100101100000000010100
0000000000100000000000000000 0100001010101100000001000001 0111000010100100000001001000
1000001100101000000000001001 1101001100101100000001001001 0011000010100000000001011001
0111000000101111001000000000 0000000000100000000000000000 1001001110101100111100000000
1110000110100010100000000000 1000001110101100111110000000 0000000000100000000000000000
0111000110100010010000000000""".split()
INDEX = {m: i for i, m in enumerate(MOVES)}


def points(mine, theirs, strong):
    """What move mine scores against theirs; strong: mine's player is Strong."""
    if (mine, theirs) == ("Smash", "Shadow Fireball"):
        return int(strong)
    if (mine, theirs) == ("Shadow Fireball", "Smash"):
        return int(not strong)
    return int(TABLE[INDEX[theirs]][INDEX[mine]])


def choose(d, rng):
    if "phase" not in d:  # any game but two-player NZSC: docs/protocol.md
        return choose_other(d["observation"], d["legal"], rng)
    if d["phase"] == "booster":
        own = [b for b in d["legal"] if b != "No Booster"]
        return rng.choice(own or d["legal"])
    if d["phase"] != "move":
        return rng.choice(d["legal"])
    seen = {}
    for t in d["history"]:
        if t["phase"] == "move":
            seen[t["opponent"]["choice"]] = seen.get(t["opponent"]["choice"], 0) + 1
    you, opp = d["you"], d["opponent"]
    weights = {m: 1 + seen.get(m, 0) for m in opp["available"]}
    def value(m):
        return sum(w * (points(m, o, you["booster"] == "Strong") - points(o, m, opp["booster"] == "Strong"))
                   for o, w in weights.items()) + rng.random() * 1e-6  # random tie-break
    return max(d["legal"], key=value)


def choose_other(obs, legal, rng):
    """A decision of a game other than two-player NZSC: NZSC for 3 or 4
    players by expected points against every opponent, anything else
    (NPZR) at random."""
    if GAME != "nzsc":
        return rng.choice(legal)
    if obs["phase"] == "booster":
        own = [b for b in legal if b != "No Booster"]
        return rng.choice(own or legal)
    if obs["phase"] != "move":
        return rng.choice(legal)
    me = obs["players"][obs["seat"]]
    strong = me["booster"] == "Strong"
    def value(m):
        v = 0.0
        for p in obs["players"]:
            if p["seat"] == obs["seat"] or not p["available"]:
                continue
            theirs = p["booster"] == "Strong"
            v += sum(points(m, o, strong) - points(o, m, theirs) for o in p["available"]) / len(p["available"])
        return v + rng.random() * 1e-6  # random tie-break
    return max(legal, key=value)


GAME = "nzsc"  # the game the hello names


def main():
    global GAME
    rng = random.Random(0)
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            GAME = msg.get("game_name", "nzsc")
            reply = {"type": "hello", "protocol": 1, "name": "pybot", "author": "NZSC Lab example", "options": []}
        elif kind == "game":
            rng = random.Random(msg["seed"] * 2 + msg["seat"])
            continue
        elif kind == "decide":
            reply = {"type": "choice", "choice": choose(msg, rng)}
        elif kind == "quit":
            return
        else:  # result
            continue
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
