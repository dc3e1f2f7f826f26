"""Prints the rollout benchmark table with the peer ratios from a pytest-benchmark JSON file.

Usage: ``python benches/python/report.py bench.json``
"""

from __future__ import annotations

import json
import sys


def main(path: str) -> None:
    with open(path) as f:
        data = json.load(f)
    rate = {}
    for b in data["benchmarks"]:
        rate[b["name"]] = (b["extra_info"]["games_per_second"], b["stats"]["mean"])
    print(
        f"machine: {data['machine_info'].get('cpu', {}).get('brand_raw', '?')}, "
        f"{data['machine_info'].get('cpu', {}).get('count', '?')} cores; "
        f"commit {data.get('commit_info', {}).get('id', '?')[:10]}"
    )
    print(f"{'benchmark':50} {'games/s':>10} {'seconds':>8} {'games/CPU-s':>12}")
    for b in data["benchmarks"]:
        gps, secs = rate[b["name"]]
        cpu = b["extra_info"].get("games_per_cpu_second")
        cpu_text = f"{cpu:12,.0f}" if cpu else ""
        print(f"{b['name']:50} {gps:10,.0f} {secs:8.2f} {cpu_text}")

    def ratio(a: str, b: str, label: str) -> None:
        if a in rate and b in rate:
            print(f"{label}: {rate[a][0] / rate[b][0]:.1f}x")

    ratio(
        "test_gammon_random_games",
        "test_openspiel_random_games",
        "random games, gammon / OpenSpiel",
    )
    ratio(
        "test_gammon_pubeval_games",
        "test_bgsage_pubeval_games",
        "pubeval self-play, gammon / bgsage",
    )
    ratio(
        "test_gammon_pubeval_scaling[2]",
        "test_gammon_pubeval_scaling[1]",
        "pubeval, two threads / one thread",
    )


if __name__ == "__main__":
    main(sys.argv[1])
