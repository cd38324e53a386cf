#!/usr/bin/env python3
"""Writes a deterministic CSV of N rows (name,state,country,population) to standard output.

Names mix Latin with accents, Cyrillic, Greek, Chinese, Japanese kana and Korean; states are a
few thousand, with spellings that fold together (Québec/Quebec/QUEBEC) and blank values.
Usage: generate.py ROWS > data.csv
"""
import random
import sys

FIRST = [
    "Anna", "Åsa", "Émile", "Zoë", "Björn", "Øystein", "Ñandú", "Łukasz", "Jürgen", "Ärla",
    "Chloé", "O'Brien", "Иван", "Мария", "Σοφία", "Νίκος", "张伟", "李娜", "たなか", "やまだ",
    "김철수", "박지민", "Kai", "Zoe", "Ines", "Mateo", "Noah", "Olivia", "Yusuf", "Amélie",
]
LAST = [
    "Smith", "Öberg", "Müller", "García", "Dvořák", "Ivanov", "Nguyễn", "Kowalski", "Brown",
    "Åkesson", "Lefèvre", "Østergaard", "Papadopoulos", "Wang", "Sato", "Lee", "Jones", "Silva",
]
SPECIAL_STATES = ["Québec", "Quebec", "QUEBEC", "Texas", " Texas", "Åre", "Are", ""]


def main():
    rows = int(sys.argv[1])
    rng = random.Random(20261130)
    states = [f"State {i:04d}" for i in range(3000)] + SPECIAL_STATES
    out = sys.stdout
    out.write("name,state,country,population\n")
    for i in range(rows):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}"
        state = rng.choice(states)
        out.write(f'"{name}",{state},Country {i % 200},{rng.randint(0, 10_000_000)}\n')


if __name__ == "__main__":
    main()
