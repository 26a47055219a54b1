"""DreadBall (2nd edition, Mantic) rules engine: pure Python, standard library only.

Modules: ``dice`` (exact laws and seeded rolls), ``checks`` (pools, coach dice,
(n)/(X)/(123) checks), ``hexes`` (grid, distance, routes, pitch), ``facing``
(arcs, threat zones), ``ball`` (scatter, rebounds, launch), ``reasons``
(stable explanation keys), ``explain`` (breakdown dataclasses), ``series``
(exact infinite sums).
"""
