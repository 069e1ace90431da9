"""What one seat (or a spectator) may see (spec §15 "Public view"; hiding rules in :mod:`.hidden`)."""

from __future__ import annotations

from .board import ctx
from .components import ATTRIBUTES
from .hidden import species_visible


def view(rules, state, viewer) -> dict:
    cfg, lay = ctx(state)
    n, apl = state["n"], lay.apl
    species, pos, wounds, out = state["species"], state["pos"], state["wounds"], state["out"]
    arranging = state["phase"] == "arrange"
    animals = []
    for a in range(lay.count):
        if species[a] < 0 or (arranging and a // apl != viewer):
            continue
        shown = species_visible(state, lay, a, viewer)
        animals.append({"handle": lay.handles[a], "seat": a // apl,
                        "at": cfg.field(pos[a]) if pos[a] >= 0 else None,
                        "species": cfg.species[species[a]] if shown else None,
                        "eliminated": bool(out[a])})
    cards = []
    for s in range(n):
        card = {key: {"wounds": 0, "eliminated": False, "name": cfg.names[lay.bseat[s]].get(key, key)}
                for key in cfg.species}
        for a in range(s * apl, (s + 1) * apl):
            if species[a] >= 0:
                entry = card[cfg.species[species[a]]]
                entry["wounds"], entry["eliminated"] = wounds[a], bool(out[a])
        cards.append(card)
    forest = []
    for k, f in enumerate(cfg.forest):
        tile = state["tiles"][k]
        if tile >= 0:
            forest.append({"at": cfg.field(f), "revealed": tile > 0,
                           "kind": "flag" if tile else None, "value": tile or None})
    order = lay.order
    sheet = rules.score(state)
    return {
        "variant": state["opts"]["variant"],
        "phase": state["phase"],
        "round": state["round"],
        "last_round": state["last"],
        "start_player": order[state["sp"]] if state["sp"] >= 0 else None,
        "turn_order": [order[(state["sp"] + 1 + i) % n] for i in range(n)] if state["sp"] >= 0 else None,
        "active": state["actor"],
        "to_move": rules.to_move(state),
        "pending": pending(rules, state, cfg, lay),
        "mode": ATTRIBUTES[state["mode"]] if state["mode"] is not None else None,
        "mode_tile": state["mode_tile"],
        "display": list(state["display"]),
        "display_attributes": [ATTRIBUTES[cfg.mode_attr[t]] for t in state["display"]],
        "mode_pile": len(state["pile"]),
        "board": {"rows": list(cfg.board_rows)},
        "board_seat": list(lay.bseat),
        "arranged": [sum(1 for a in range(s * apl, (s + 1) * apl) if species[a] >= 0) for s in range(n)],
        "animals": animals,
        "cards": cards,
        "forest": forest,
        "forest_left": [{"kind": kind, "value": value, "count": count}
                        for (kind, value), count in zip(cfg.tile_types, state["mix"])],
        "held": [{"medicine": state["med"][s], "dice": state["dice"][s]} for s in range(n)],
        "vp": [state["plus1"][s] + state["duels"][s] for s in range(n)],
        "scores": [e["total"] for e in sheet["scores"]],
        "last_roll": {"seat": state["last_roll"][0], "value": state["last_roll"][1]}
        if state["last_roll"] else None,
        "duel": duel_view(rules, state, cfg, lay, viewer),
        "components": dict(cfg.meta),
    }


def pending(rules, state, cfg, lay) -> dict | None:
    decision = rules.decision(state)
    if decision is None:
        return None
    out = {"decision": decision, "seats": rules.to_move(state)}
    if decision == "move":
        out["die"] = state["roll"]
    if decision == "return":
        out["animal"] = lay.handles[state["ret"]]
    return out


def duel_view(rules, state, cfg, lay, viewer) -> dict | None:
    duel = state["duel"]
    if duel is None:
        return None
    out = {"at": cfg.field(state["pos"][duel["d"]]), "stage": state["phase"],
           "side": "challenger" if duel["side"] == "c" else "defender",
           "guess": cfg.species_key(duel["guess"]), "guessed": duel["guess"] is not None}
    for side, name in (("c", "challenger"), ("d", "defender")):
        a = duel[side]
        out[name] = lay.handles[a]
        out[name + "_seat"] = a // lay.apl
        out[name + "_species"] = (cfg.species[state["species"][a]]
                                  if species_visible(state, lay, a, viewer) else None)
        out[name + "_roll"] = duel[side + "r"]
    if state["phase"] != "guess":
        challenger, defender = rules.duel_totals(state, cfg, lay)
        out["values"] = {"challenger": challenger, "defender": defender}
    return out
