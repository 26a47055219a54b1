"""Localised phrases for the engine's stable keys: reasons, outcomes, set-up violations, words.

Each entry is (en, es, it, fr); {value} is the number the line explains, other {names} are
the explanation's params. A key may have an edition-specific form, "key@bb2025", used first
(the 2025 edition renamed several things: Rush for Go For It, Marked for tackle zones).
Terms follow the site's glossaries (rulebook/content/*/glossary).
"""

from __future__ import annotations

from typing import Any

Phrase = tuple[str, str, str, str]
_ORDER = {"en": 0, "es": 1, "it": 2, "fr": 3}

REASONS: dict[str, Phrase] = {
    # -- dice tests ---------------------------------------------------------------------------
    "target_number": (
        "roll needed: {value}+ (a 1 always fails, a 6 always succeeds)",
        "tirada necesaria: {value}+ (un 1 siempre falla y un 6 siempre tiene éxito)",
        "tiro necessario: {value}+ (un 1 fallisce sempre, un 6 riesce sempre)",
        "jet nécessaire : {value}+ (un 1 échoue toujours, un 6 réussit toujours)",
    ),
    "agility_table": (
        "agility table: with AG {ag} the base roll is {value}+",
        "tabla de agilidad: con AG {ag} la tirada base es {value}+",
        "tabella dell'agilità: con AG {ag} il tiro base è {value}+",
        "tableau d'Agilité : avec AG {ag}, le jet de base est {value}+",
    ),
    "agility_target": (
        "agility AG {ag}+: the base roll is {value}+",
        "agilidad AG {ag}+: la tirada base es {value}+",
        "agilità AG {ag}+: il tiro base è {value}+",
        "agilité AG {ag}+ : le jet de base est {value}+",
    ),
    "passing_ability": (
        "passing ability PA {pa}+: the base roll is {value}+",
        "habilidad de pase PS {pa}+: la tirada base es {value}+",
        "abilità di passaggio PA {pa}+: il tiro base è {value}+",
        "capacité de passe CP {pa}+ : le jet de base est {value}+",
    ),
    "break_tackle_strength": (
        "Break Tackle: strength {st} is used for the dodge",
        "Abrirse Paso: se usa la fuerza {st} para esquivar",
        "Sfondamento: si usa la forza {st} per smarcarsi",
        "Esquive en Force : la force {st} sert pour l'esquive",
    ),
    "dodge_roll": (
        "+1 for dodging",
        "+1 por esquivar",
        "+1 per smarcarsi",
        "+1 pour l'esquive",
    ),
    "tackle_zones_on_destination": (
        "−1 for each opposing tackle zone on the square moved into ({count})",
        "−1 por cada zona de defensa rival en la casilla de destino ({count})",
        "−1 per ogni zona di controllo avversaria sulla casella di arrivo ({count})",
        "−1 par zone de tacle adverse sur la case d'arrivée ({count})",
    ),
    "tackle_zones_on_destination@bb2025": (
        "−1 for each opponent marking the square moved into ({count})",
        "−1 por cada rival que marca la casilla de destino ({count})",
        "−1 per ogni avversario che marca la casella di arrivo ({count})",
        "−1 par adversaire qui marque la case d'arrivée ({count})",
    ),
    "marked_on_destination": (
        "−1 for each opponent marking the square moved into ({count})",
        "−1 por cada rival que marca la casilla de destino ({count})",
        "−1 per ogni avversario che marca la casella di arrivo ({count})",
        "−1 par adversaire qui marque la case d'arrivée ({count})",
    ),
    "stunty_ignores_tackle_zones": (
        "Stunty: the tackle zones on the square moved into are ignored ({count})",
        "Escurridizo: se ignoran las zonas de defensa de la casilla de destino ({count})",
        "Piccoletto: si ignorano le zone di controllo sulla casella di arrivo ({count})",
        "Minus : les zones de tacle de la case d'arrivée sont ignorées ({count})",
    ),
    "two_heads": (
        "Two Heads: +1 to dodge",
        "Dos Cabezas: +1 a esquivar",
        "Due Teste: +1 per smarcarsi",
        "Deux Têtes : +1 à l'esquive",
    ),
    "prehensile_tail": (
        "Prehensile Tail: −1 for each opponent with it whose tackle zone is left ({count})",
        "Cola Prensil: −1 por cada rival con ella cuya zona de defensa se abandona ({count})",
        "Coda Prensile: −1 per ogni avversario con la coda da cui ci si smarca ({count})",
        "Queue Préhensile : −1 par adversaire qui l'a et dont on quitte la zone de tacle ({count})",
    ),
    "diving_tackle": (
        "Diving Tackle: −2 to the dodge",
        "Placaje Heroico: −2 a esquivar",
        "Placcaggio in Tuffo: −2 per smarcarsi",
        "Tacle Plongeant : −2 à l'esquive",
    ),
    "rush_base": (
        "Going For It: a 2+ is needed for each extra square",
        "¡A por ellos!: hace falta un 2+ por cada casilla extra",
        "Go For It: serve un 2+ per ogni casella in più",
        "Mettre le paquet : il faut un 2+ par case supplémentaire",
    ),
    "rush_base@bb2025": (
        "Rush: a 2+ is needed for each extra square",
        "Forzar la marcha: hace falta un 2+ por cada casilla extra",
        "Scattare: serve un 2+ per ogni casella in più",
        "Foncer : il faut un 2+ par case supplémentaire",
    ),
    "weather_blizzard": ("blizzard: −1", "ventisca: −1", "bufera di neve: −1", "blizzard : −1"),
    "weather_pouring_rain": (
        "pouring rain: −1 to handle the ball",
        "lluvia torrencial: −1 para manejar el balón",
        "pioggia battente: −1 per gestire la palla",
        "pluie battante : −1 pour manier le ballon",
    ),
    "weather_very_sunny": (
        "very sunny: −1 to pass",
        "muy soleado: −1 al pase",
        "molto soleggiato: −1 al passaggio",
        "très ensoleillé : −1 à la passe",
    ),
    "stand_up_low_movement": (
        "standing up with MA {ma}, below 3: a 4+ is needed",
        "levantarse con MO {ma}, menos de 3: hace falta un 4+",
        "rialzarsi con MA {ma}, meno di 3: serve un 4+",
        "se relever avec M {ma}, moins de 3 : il faut un 4+",
    ),
    "pickup_roll": (
        "+1 for picking up the ball",
        "+1 por recoger el balón",
        "+1 per raccogliere la palla",
        "+1 pour ramasser le ballon",
    ),
    "tackle_zones_on_player": (
        "−1 for each opposing tackle zone on the player ({count})",
        "−1 por cada zona de defensa rival sobre el jugador ({count})",
        "−1 per ogni zona di controllo avversaria sul giocatore ({count})",
        "−1 par zone de tacle adverse sur le joueur ({count})",
    ),
    "marked_by_players": (
        "−1 for each opponent marking the player ({count})",
        "−1 por cada rival que marca al jugador ({count})",
        "−1 per ogni avversario che marca il giocatore ({count})",
        "−1 par adversaire qui marque le joueur ({count})",
    ),
    "big_hand_ignores": (
        "Big Hand: tackle zones ({count}) and rain are ignored",
        "Mano Grande: se ignoran las zonas de defensa ({count}) y la lluvia",
        "Mano Grande: si ignorano zone di controllo ({count}) e pioggia",
        "Main Démesurée : zones de tacle ({count}) et pluie ignorées",
    ),
    "extra_arms": ("Extra Arms: +1", "Brazos Adicionales: +1", "Braccia Extra: +1", "Bras Supplémentaires : +1"),
    "very_long_legs": (
        "Very Long Legs: +1 to intercept",
        "Piernas Muy Largas: +1 a interceptar",
        "Gambe Lunghissime: +1 all'intercetto",
        "Très Longues Jambes : +1 à l'interception",
    ),
    "nerves_of_steel_ignores": (
        "Nerves of Steel: tackle zones ({count}) are ignored",
        "Nervios de Acero: se ignoran las zonas de defensa ({count})",
        "Nervi d'Acciaio: si ignorano le zone di controllo ({count})",
        "Nerfs d'Acier : zones de tacle ({count}) ignorées",
    ),
    "catch_accurate_pass": (
        "+1 for catching an accurate pass",
        "+1 por atrapar un pase preciso",
        "+1 per ricevere un passaggio accurato",
        "+1 pour réceptionner une passe précise",
    ),
    "catch_hand_off": (
        "+1 for catching a hand-off",
        "+1 por atrapar una entrega en mano",
        "+1 per ricevere un passaggio alla mano",
        "+1 pour réceptionner une transmission",
    ),
    "catch_hand_off@bb2025": (
        "a hand-off is caught without modifier",
        "una entrega se atrapa sin modificador",
        "un passaggio di mano si riceve senza modificatori",
        "une transmission se réceptionne sans modificateur",
    ),
    "catch_inaccurate_pass": (
        "−1 for a scattered pass",
        "−1 por un pase desviado",
        "−1 per un passaggio disperso",
        "−1 pour une passe déviée",
    ),
    "catch_bounce": (
        "−1 for a bouncing ball",
        "−1 por un balón que rebota",
        "−1 per una palla che rimbalza",
        "−1 pour un ballon qui rebondit",
    ),
    "catch_kick_off": (
        "catching the kick-off",
        "atrapar la patada inicial",
        "ricevere il calcio d'inizio",
        "réceptionner le coup d'envoi",
    ),
    "pass_range_quick": ("quick pass", "pase rápido", "passaggio veloce", "passe éclair"),
    "pass_range_short": ("short pass", "pase corto", "passaggio corto", "passe courte"),
    "pass_range_long": ("long pass", "pase largo", "passaggio lungo", "passe longue"),
    "pass_range_bomb": ("long bomb", "bomba larga", "passaggio bomba", "longue bombe"),
    "accurate": (
        "Accurate: +1 to pass",
        "Precisión: +1 al pase",
        "Precisione: +1 al passaggio",
        "Précision : +1 à la passe",
    ),
    "strong_arm": (
        "Strong Arm: +1 beyond quick range",
        "Brazo Fuerte: +1 más allá del pase rápido",
        "Braccio Forte: +1 oltre il passaggio veloce",
        "Bras Musclé : +1 au-delà de la passe éclair",
    ),
    "interception_roll": ("−2 for intercepting", "−2 por interceptar", "−2 per intercettare", "−2 pour intercepter"),
    "interception_accurate": (
        "−3 to intercept an accurate pass",
        "−3 para interceptar un pase preciso",
        "−3 per intercettare un passaggio accurato",
        "−3 pour intercepter une passe précise",
    ),
    "interception_inaccurate": (
        "−2 to intercept an inaccurate pass",
        "−2 para interceptar un pase impreciso",
        "−2 per intercettare un passaggio non accurato",
        "−2 pour intercepter une passe imprécise",
    ),
    # -- paths --------------------------------------------------------------------------------
    "path_squares": (
        "a move of {value} squares",
        "un movimiento de {value} casillas",
        "un movimento di {value} caselle",
        "un déplacement de {value} cases",
    ),
    "path_success_probability": (
        "chance of passing every roll, with the re-rolls used as well as possible: {value}",
        "probabilidad de superar todas las tiradas usando lo mejor posible las segundas oportunidades: {value}",
        "probabilità di superare tutti i tiri usando al meglio i reroll: {value}",
        "chance de réussir tous les jets en utilisant au mieux les relances : {value}",
    ),
    "probability": (
        "chance of success: {value}",
        "probabilidad de éxito: {value}",
        "probabilità di successo: {value}",
        "chance de réussite : {value}",
    ),
    # -- blocks -------------------------------------------------------------------------------
    "attacker_strength": (
        "the attacker's strength: {value}",
        "fuerza del atacante: {value}",
        "forza dell'attaccante: {value}",
        "force de l'attaquant : {value}",
    ),
    "defender_strength": (
        "the defender's strength: {value}",
        "fuerza del defensor: {value}",
        "forza del difensore: {value}",
        "force du défenseur : {value}",
    ),
    "total_strength": (
        "strength with assists: {value}",
        "fuerza con apoyos: {value}",
        "forza con i supporti: {value}",
        "force avec les soutiens : {value}",
    ),
    "offensive_assists": (
        "assists for the attacker ({players})",
        "apoyos al atacante ({players})",
        "supporti all'attaccante ({players})",
        "soutiens pour l'attaquant ({players})",
    ),
    "defensive_assists": (
        "assists for the defender ({players})",
        "apoyos al defensor ({players})",
        "supporti al difensore ({players})",
        "soutiens pour le défenseur ({players})",
    ),
    "horns": (
        "Horns: +1 strength on a blitz",
        "Cuernos: +1 a la fuerza en una Penetración",
        "Corna: +1 alla forza in un blitz",
        "Cornes : +1 en force lors d'un blitz",
    ),
    "horns@bb2025": (
        "Horns: +1 strength on a blitz",
        "Cuernos: +1 a la fuerza en un Blitz",
        "Corna: +1 alla forza in un blitz",
        "Cornes : +1 en force lors d'un blitz",
    ),
    "dauntless": (
        "Dauntless: strength raised to the defender's",
        "Intrépido: fuerza igualada a la del defensor",
        "Intrepido: forza portata a quella del difensore",
        "Intrépidité : force portée à celle du défenseur",
    ),
    "dauntless_roll": (
        "Dauntless: D6 + strength against the defender's strength",
        "Intrépido: D6 + fuerza contra la fuerza del defensor",
        "Intrepido: D6 + forza contro la forza del difensore",
        "Intrépidité : D6 + force contre la force du défenseur",
    ),
    "block_dice": (
        "block dice: {value}; the {chooser} chooses ({attacker_total} against {defender_total})",
        "dados de placaje: {value}; elige el {chooser} ({attacker_total} contra {defender_total})",
        "dadi blocco: {value}; sceglie il {chooser} ({attacker_total} contro {defender_total})",
        "dés de blocage : {value} ; c'est {chooser} qui choisit ({attacker_total} contre {defender_total})",
    ),
    "push_empty": (
        "pushed into an empty square",
        "empujado a una casilla libre",
        "spinto in una casella libera",
        "repoussé dans une case libre",
    ),
    "push_crowd": (
        "pushed off the pitch into the crowd",
        "empujado fuera del campo, al público",
        "spinto fuori dal campo, tra il pubblico",
        "repoussé hors du terrain, dans la foule",
    ),
    "push_chain": (
        "pushed into an occupied square: a chain push",
        "empujado a una casilla ocupada: empujón en cadena",
        "spinto in una casella occupata: spinta a catena",
        "repoussé dans une case occupée : poussée en chaîne",
    ),
    "push_stand_firm": (
        "Stand Firm: not pushed",
        "Defensa Férrea: no es empujado",
        "Saldo: non viene spinto",
        "Stabilité : pas repoussé",
    ),
    "side_step": (
        "Side Step: the defender picks any empty adjacent square",
        "Echarse a un Lado: el defensor elige cualquier casilla libre adyacente",
        "Passo Laterale: il difensore sceglie una casella libera adiacente",
        "Glissade Contrôlée : le défenseur choisit une case libre adjacente",
    ),
    "grab": (
        "Grab: the attacker picks any empty adjacent square",
        "Agarrar: el atacante elige cualquier casilla libre adyacente",
        "Presa: l'attaccante sceglie una casella libera adiacente",
        "Poigne : l'attaquant choisit une case libre adjacente",
    ),
    "grab_cancels_side_step": (
        "Grab and Side Step cancel out",
        "Agarrar y Echarse a un Lado se anulan",
        "Presa e Passo Laterale si annullano",
        "Poigne et Glissade Contrôlée s'annulent",
    ),
    # -- armour and injury ------------------------------------------------------------------------
    "armour_value": ("armour value {av}", "valor de armadura {av}", "valore armatura {av}", "valeur d'armure {av}"),
    "armour_break_probability": (
        "chance the armour breaks: {value}",
        "probabilidad de romper la armadura: {value}",
        "probabilità di sfondare l'armatura: {value}",
        "chance de percer l'armure : {value}",
    ),
    "armour_modifier": (
        "modifier to the armour roll",
        "modificador a la tirada de armadura",
        "modificatore al tiro armatura",
        "modificateur au jet d'armure",
    ),
    "foul_assists": (
        "assists on the foul (net)",
        "apoyos en la falta (netos)",
        "supporti nel fallo (netti)",
        "soutiens sur l'agression (nets)",
    ),
    "mighty_blow": (
        "Mighty Blow: +1 to armour or injury",
        "Golpe Mortífero: +1 a armadura o heridas",
        "Colpo Possente: +1 ad armatura o ferita",
        "Châtaigne : +1 à l'armure ou à la blessure",
    ),
    "dirty_player": (
        "Dirty Player: +1 to armour or injury on a foul",
        "Juego Sucio: +1 a armadura o heridas en una falta",
        "Gioco Sporco: +1 ad armatura o ferita in un fallo",
        "Joueur Déloyal : +1 à l'armure ou à la blessure sur une agression",
    ),
    "claw": (
        "Claw: the armour breaks on {threshold}+",
        "Garra: la armadura se rompe con {threshold}+",
        "Artiglio: l'armatura cede con {threshold}+",
        "Griffe : l'armure cède sur {threshold}+",
    ),
    "chainsaw": (
        "Chainsaw: +3 to armour",
        "Motosierra: +3 a la armadura",
        "Motosega: +3 all'armatura",
        "Tronçonneuse : +3 à l'armure",
    ),
    "stunty_injury": (
        "Stunty: +1 to the injury roll",
        "Escurridizo: +1 a la tirada de heridas",
        "Piccoletto: +1 al tiro ferita",
        "Minus : +1 au jet de blessure",
    ),
    "thick_skull": (
        "Thick Skull: the lowest KO result is Stunned instead",
        "Cabeza Dura: el resultado más bajo de inconsciente queda en aturdido",
        "Testa Dura: il risultato KO più basso diventa stordito",
        "Crâne Épais : le plus faible résultat K.O. devient sonné",
    ),
}

# DreadBall reason keys (rulebook/engine/dreadball/reasons.py) used by the tutorial.
DREADBALL_REASONS: dict[str, Phrase] = {
    "base_dice_pool": (
        "most checks roll {value} dice",
        "la mayoría de chequeos tiran {value} dados",
        "la maggior parte delle prove tira {value} dadi",
        "la plupart des tests lancent {value} dés",
    ),
    "dice_modifier": (
        "a rule changes the pool ({rule})",
        "una regla cambia la reserva ({rule})",
        "una regola cambia la riserva ({rule})",
        "une règle modifie la réserve ({rule})",
    ),
    "role_bonus": (
        "the player's role adds a die",
        "el rol del jugador añade un dado",
        "il ruolo del giocatore aggiunge un dado",
        "le rôle du joueur ajoute un dé",
    ),
    "coach_dice": (
        "coach dice committed ({count})",
        "dados de entrenador comprometidos ({count})",
        "dadi dell'allenatore impegnati ({count})",
        "dés de coach engagés ({count})",
    ),
    "pool_floored_at_zero": (
        "zero or fewer dice: nothing is rolled, zero successes",
        "cero dados o menos: no se tira nada, cero éxitos",
        "zero dadi o meno: non si tira, zero successi",
        "zéro dé ou moins : rien n'est lancé, zéro réussite",
    ),
    "target_attribute": (
        "each die must roll {target}+",
        "cada dado debe sacar {target}+",
        "ogni dado deve fare {target}+",
        "chaque dé doit faire {target}+",
    ),
    "fixed_target": (
        "the check needs {required} successes",
        "el chequeo necesita {required} éxitos",
        "la prova richiede {required} successi",
        "le test demande {required} réussites",
    ),
    "exact_distribution": (
        "exact odds, sixes exploding without limit",
        "probabilidad exacta, con los seises que explotan sin límite",
        "probabilità esatta, con i sei che esplodono senza limite",
        "chances exactes, les six explosant sans limite",
    ),
    "reroll_failed_dice": (
        "failed dice re-rolled once: {rerolls}",
        "dados fallados que se repiten una vez: {rerolls}",
        "dadi falliti ritirati una volta: {rerolls}",
        "dés ratés relancés une fois : {rerolls}",
    ),
    "or_more_remainder": (
        "chance of {at_least} successes or more",
        "probabilidad de {at_least} éxitos o más",
        "probabilità di {at_least} successi o più",
        "chance d'obtenir {at_least} réussites ou plus",
    ),
    "hex_distance": (
        "distance: the starting hex is not counted, the final hex is",
        "distancia: no se cuenta el hexágono de salida y sí el de llegada",
        "distanza: non si conta l'esagono di partenza, si conta quello d'arrivo",
        "distance : on ne compte pas l'hexagone de départ, on compte celui d'arrivée",
    ),
    "straight_distance": (
        "in a straight line: {count} hexes",
        "en línea recta: {count} hexágonos",
        "in linea retta: {count} esagoni",
        "en ligne droite : {count} hexagones",
    ),
    "route_avoids_zone": (
        "shortest route through free hexes outside the threat zone (leaving the zone takes an Evade): {count} hexes",
        "ruta más corta por hexágonos libres fuera de la zona de amenaza (para salir de la zona hay que Evadir): {count} hexágonos",
        "percorso più breve per esagoni liberi fuori dalla zona di minaccia (per uscire dalla zona serve un'Evasione): {count} esagoni",
        "itinéraire le plus court par des hexagones libres hors de la zone de menace (pour sortir de la zone, il faut une Évasion) : {count} hexagones",
    ),
    "shortest_routes": (
        "equally short routes: {count}; the active coach picks one",
        "rutas igual de cortas: {count}; elige el entrenador activo",
        "percorsi ugualmente brevi: {count}; sceglie l'allenatore attivo",
        "itinéraires aussi courts : {count} ; le coach actif en choisit un",
    ),
    "front_arc": ("in the front arc", "en el arco frontal", "nell'arco frontale", "dans l'arc avant"),
    "rear_arc": ("in the rear arc", "en el arco posterior", "nell'arco posteriore", "dans l'arc arrière"),
    "threat_zone": (
        "the three adjacent hexes of the front arc",
        "los tres hexágonos adyacentes del arco frontal",
        "i tre esagoni adiacenti dell'arco frontale",
        "les trois hexagones adjacents de l'arc avant",
    ),
    "prone_no_facing": (
        "a knocked-down player has no facing and no threat zone",
        "un jugador derribado no tiene encaramiento ni zona de amenaza",
        "un giocatore a terra non ha orientamento né zona di minaccia",
        "un joueur à terre n'a ni orientation ni zone de menace",
    ),
}

OUTCOMES: dict[str, Phrase] = {
    # block results
    "attacker_down": ("attacker knocked down", "atacante derribado", "attaccante atterrato", "attaquant plaqué"),
    "both_down": ("both knocked down", "ambos derribados", "entrambi atterrati", "les deux plaqués"),
    "both_placed_prone": (
        "both placed prone (Wrestle)",
        "ambos tumbados (Lucha)",
        "entrambi a terra (Lotta)",
        "les deux mis à terre (Lutte)",
    ),
    "no_effect": (
        "nothing happens (both have Block)",
        "no pasa nada (ambos tienen Placar)",
        "non succede nulla (entrambi hanno Blocco)",
        "rien ne se passe (les deux ont Blocage)",
    ),
    "defender_pushed": ("defender pushed back", "defensor empujado", "difensore spinto", "défenseur repoussé"),
    "defender_stood_firm": (
        "defender stands firm",
        "el defensor aguanta firme",
        "il difensore resta saldo",
        "le défenseur reste stable",
    ),
    "defender_down": (
        "defender pushed and knocked down",
        "defensor empujado y derribado",
        "difensore spinto e atterrato",
        "défenseur repoussé et plaqué",
    ),
    "defender_down_in_place": (
        "defender knocked down where he stands",
        "defensor derribado en su casilla",
        "difensore atterrato sul posto",
        "défenseur plaqué sur place",
    ),
    "defender_pushed_into_crowd": (
        "defender pushed into the crowd",
        "defensor empujado al público",
        "difensore spinto tra il pubblico",
        "défenseur repoussé dans la foule",
    ),
    # passes
    "accurate": ("accurate pass", "pase preciso", "passaggio accurato", "passe précise"),
    "inaccurate": ("inaccurate pass", "pase impreciso", "passaggio non accurato", "passe imprécise"),
    "fumble": ("fumble", "balón perdido", "fumble", "maladresse"),
    # armour and injury
    "armour_holds": ("armour holds", "la armadura aguanta", "l'armatura regge", "l'armure tient"),
    "stunned": ("stunned", "aturdido", "stordito", "sonné"),
    "knocked_out": ("knocked out", "inconsciente", "KO", "K.O."),
    "badly_hurt": ("badly hurt", "gravemente herido", "malconcio", "commotion"),
    "casualty": ("casualty", "lesión", "infortunio", "élimination"),
    # kick-off (both editions)
    "get_the_ref": ("Get the Ref", "Sobornar al árbitro", "Prendi l'arbitro", "On a eu l'arbitre"),
    "riot": ("Riot", "Disturbios", "Rissa", "Émeute"),
    "perfect_defence": ("Perfect Defence", "Defensa perfecta", "Difesa perfetta", "Défense parfaite"),
    "high_kick": ("High Kick", "Patada alta", "Calcio alto", "Chandelle"),
    "cheering_fans": ("Cheering Fans", "Hinchas animando", "Tifo scatenato", "Supporters en délire"),
    "changing_weather": ("Changing Weather", "Cambio de tiempo", "Cambio del tempo", "Changement de météo"),
    "brilliant_coaching": (
        "Brilliant Coaching",
        "Entrenamiento brillante",
        "Allenamento brillante",
        "Coaching brillant",
    ),
    "quick_snap": ("Quick Snap", "Saque rápido", "Scatto rapido", "Engagement rapide"),
    "blitz": ("Blitz", "¡Penetración!", "Blitz", "Blitz"),
    "throw_a_rock": ("Throw a Rock", "Lanzamiento de piedra", "Lancio di un sasso", "Jet de pierre"),
    "pitch_invasion": ("Pitch Invasion", "Invasión del campo", "Invasione di campo", "Invasion du terrain"),
    "time_out": ("Time-out", "Tiempo muerto", "Time-out", "Temps mort"),
    "solid_defence": ("Solid Defence", "Defensa sólida", "Difesa solida", "Défense solide"),
    "officious_ref": ("Officious Ref", "Árbitro quisquilloso", "Arbitro pignolo", "Arbitre tatillon"),
    # set-up violations
    "setup_too_many_players": (
        "more than {limit} players on the pitch ({count})",
        "más de {limit} jugadores en el campo ({count})",
        "più di {limit} giocatori in campo ({count})",
        "plus de {limit} joueurs sur le terrain ({count})",
    ),
    "setup_off_pitch": (
        "a player is off the pitch",
        "un jugador está fuera del campo",
        "un giocatore è fuori dal campo",
        "un joueur est hors du terrain",
    ),
    "setup_outside_own_half": (
        "a player is outside his own half",
        "un jugador está fuera de su mitad",
        "un giocatore è fuori dalla sua metà campo",
        "un joueur est hors de sa moitié de terrain",
    ),
    "setup_square_occupied": (
        "two players on one square",
        "dos jugadores en una casilla",
        "due giocatori in una casella",
        "deux joueurs sur une case",
    ),
    "setup_too_few_on_line_of_scrimmage": (
        "only {count} on the line of scrimmage, {required} required",
        "solo {count} en la línea de defensa; hacen falta {required}",
        "solo {count} sulla linea di scrimmage; ne servono {required}",
        "seulement {count} sur la ligne de mêlée ; il en faut {required}",
    ),
    "setup_too_many_in_wide_zone": (
        "{count} players in one wide zone, at most {limit}",
        "{count} jugadores en una zona ancha, como máximo {limit}",
        "{count} giocatori in una fascia laterale, al massimo {limit}",
        "{count} joueurs dans une zone latérale, {limit} au plus",
    ),
}

WORDS: dict[str, Phrase] = {
    "attacker": ("attacker", "atacante", "attaccante", "l'attaquant"),
    "defender": ("defender", "defensor", "difensore", "le défenseur"),
    "quick": ("quick pass", "pase rápido", "passaggio veloce", "passe éclair"),
    "short": ("short pass", "pase corto", "passaggio corto", "passe courte"),
    "long": ("long pass", "pase largo", "passaggio lungo", "passe longue"),
    "bomb": ("long bomb", "bomba larga", "passaggio bomba", "longue bombe"),
    "out_of_range": ("out of range", "fuera de alcance", "fuori portata", "hors de portée"),
    "legal": ("legal", "legal", "regolare", "régulier"),
    "illegal": ("not legal", "no es legal", "non regolare", "irrégulier"),
    "pass": ("passed", "superado", "superata", "réussi"),
    "fail": ("failed", "fallado", "fallita", "raté"),
    "double": ("double", "doble", "doppio", "double"),
    "active_wins": (
        "active player wins",
        "gana el jugador activo",
        "vince il giocatore attivo",
        "le joueur actif gagne",
    ),
    "tie": ("tie", "empate", "pareggio", "égalité"),
    "opponent_wins": ("opponent wins", "gana el rival", "vince l'avversario", "l'adversaire gagne"),
    "active_double": (
        "active player wins with a double",
        "el activo gana con un doble",
        "l'attivo vince con un doppio",
        "l'actif gagne avec un double",
    ),
    "opponent_double": (
        "opponent wins with a double",
        "el rival gana con un doble",
        "l'avversario vince con un doppio",
        "l'adversaire gagne avec un double",
    ),
    "touchback": ("touchback", "touchback", "touchback", "touchback"),
    "in_half": (
        "lands in the receiving half",
        "cae en la mitad receptora",
        "atterra nella metà di chi riceve",
        "retombe dans la moitié qui reçoit",
    ),
    "success": ("success", "éxito", "successo", "réussite"),
    "failure": ("failure", "fallo", "fallimento", "échec"),
    "sent_off": ("sent off", "expulsado", "espulso", "expulsé"),
    "not_seen": ("not seen", "no lo ven", "non visto", "pas vu"),
    "fame_0": ("FAME +0", "FAMA +0", "FAME +0", "FAME +0"),
    "fame_1": ("FAME +1", "FAMA +1", "FAME +1", "FAME +1"),
    "fame_2": ("FAME +2", "FAMA +2", "FAME +2", "FAME +2"),
    "no_roll": ("no roll needed", "no hace falta tirada", "nessun tiro necessario", "aucun jet nécessaire"),
    "dodge": ("dodge", "esquivar", "smarcarsi", "esquive"),
    "rush": ("Going For It", "¡A por ellos!", "Go For It", "Mettre le paquet"),
    "rush@bb2025": ("Rush", "Forzar la marcha", "Scattare", "Foncer"),
    "pickup": ("pick-up", "recoger el balón", "raccolta della palla", "ramassage"),
    "catch": ("catch", "atrapar el balón", "ricezione", "réception"),
    "stand_up": ("stand up", "levantarse", "rialzarsi", "se relever"),
    "block": ("block", "placaje", "blocco", "blocage"),
    "armour": ("armour break", "romper la armadura", "sfondare l'armatura", "percer l'armure"),
    "roll": ("roll", "tirada", "tiro", "jet"),
    "or_more": ("{count} or more", "{count} o más", "{count} o più", "{count} ou plus"),
    "detour_longer": (
        "going round costs {extra} more hexes",
        "el rodeo cuesta {extra} hexágonos más",
        "il giro costa {extra} esagoni in più",
        "le détour coûte {extra} hexagones de plus",
    ),
    "detour_one": (
        "going round costs one more hex",
        "el rodeo cuesta un hexágono más",
        "il giro costa un esagono in più",
        "le détour coûte un hexagone de plus",
    ),
    "detour_none": (
        "no detour is needed",
        "no hace falta dar ningún rodeo",
        "non serve nessuna deviazione",
        "aucun détour n'est nécessaire",
    ),
    "in_zone": (
        "inside the threat zone",
        "dentro de la zona de amenaza",
        "dentro la zona di minaccia",
        "dans la zone de menace",
    ),
    "out_of_zone": (
        "outside the threat zone",
        "fuera de la zona de amenaza",
        "fuori dalla zona di minaccia",
        "hors de la zone de menace",
    ),
    "team_rerolls": ("team re-rolls", "segundas oportunidades de equipo", "reroll di squadra", "relances d'équipe"),
    "within_budget": ("within budget", "dentro del presupuesto", "nel budget", "dans le budget"),
    "over_budget": ("over budget", "por encima del presupuesto", "oltre il budget", "au-delà du budget"),
}

_TABLES = (REASONS, DREADBALL_REASONS, OUTCOMES, WORDS)


class _Params(dict):
    """Format mapping that leaves an unknown {name} visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def lookup(key: str, lang: str, edition: str | None = None) -> str | None:
    """The template of a key in a language (edition-specific form first), or None."""
    index = _ORDER.get(lang, 0)
    for table in _TABLES:
        if edition and f"{key}@{edition}" in table:
            return table[f"{key}@{edition}"][index]
        if key in table:
            return table[key][index]
    return None


def phrase(key: str, lang: str, edition: str | None = None, **params: Any) -> str:
    """A key as a sentence in the language; the key itself if it has no phrase (never fails)."""
    template = lookup(key, lang, edition)
    if template is None:
        return key.replace("_", " ")
    return template.format_map(_Params(params))


def known_keys() -> set[str]:
    return {k.split("@")[0] for table in _TABLES for k in table}


# Lines written by the tutorial itself (not engine keys).
LINES: dict[str, Phrase] = {
    "kick_in_half": (
        "the ball lands in the receiving half: {value}",
        "el balón cae en la mitad del equipo receptor: {value}",
        "la palla atterra nella metà di chi riceve: {value}",
        "le ballon retombe dans la moitié de l'équipe qui reçoit : {value}",
    ),
    "kick_touchback": (
        "touchback (off the pitch or in the kicking half): {value}",
        "touchback (fuera del campo o en la mitad del que patea): {value}",
        "touchback (fuori dal campo o nella metà di chi calcia): {value}",
        "touchback (hors du terrain ou dans la moitié de l'équipe qui engage) : {value}",
    ),
    "roster_line": (
        "{count} × {name} at {cost}: {total}",
        "{count} × {name} a {cost}: {total}",
        "{count} × {name} a {cost}: {total}",
        "{count} × {name} à {cost} : {total}",
    ),
    "roster_rerolls": (
        "{count} team re-rolls at {cost}: {total}",
        "{count} segundas oportunidades de equipo a {cost}: {total}",
        "{count} reroll di squadra a {cost}: {total}",
        "{count} relances d'équipe à {cost} : {total}",
    ),
    "roster_total": (
        "total {total}; left in the treasury {remaining}",
        "total {total}; quedan en la tesorería {remaining}",
        "totale {total}; restano in cassa {remaining}",
        "total {total} ; reste en trésorerie {remaining}",
    ),
    "roster_over_budget": (
        "over budget by {amount}",
        "se pasa del presupuesto en {amount}",
        "sfora il budget di {amount}",
        "dépasse le budget de {amount}",
    ),
    "roster_too_few": (
        "only {count} players: at least {min} are needed",
        "solo {count} jugadores: hacen falta al menos {min}",
        "solo {count} giocatori: ne servono almeno {min}",
        "seulement {count} joueurs : il en faut au moins {min}",
    ),
    "roster_too_many": (
        "{count} players: at most {max} are allowed",
        "{count} jugadores: se permiten como máximo {max}",
        "{count} giocatori: al massimo {max}",
        "{count} joueurs : {max} au plus",
    ),
    "roster_below_minimum": (
        "{name}: at least {min}",
        "{name}: al menos {min}",
        "{name}: almeno {min}",
        "{name} : au moins {min}",
    ),
    "outcome_share": ("{outcome}: {value}", "{outcome}: {value}", "{outcome}: {value}", "{outcome} : {value}"),
    "setup_legal": (
        "the set-up is legal",
        "la colocación es legal",
        "lo schieramento è regolare",
        "la mise en place est régulière",
    ),
}

HEADINGS: dict[str, Phrase] = {
    "dodge": ("Dodge", "Esquivar", "Smarcarsi", "Esquive"),
    "rush": ("Going For It", "¡A por ellos!", "Go For It", "Mettre le paquet"),
    "rush@bb2025": ("Rush", "Forzar la marcha", "Scattare", "Foncer"),
    "stand_up": ("Standing up", "Levantarse", "Rialzarsi", "Se relever"),
    "pickup": ("Picking up the ball", "Recoger el balón", "Raccolta della palla", "Ramassage"),
    "catch": ("Catching", "Atrapar el balón", "Ricezione", "Réception"),
    "pass": ("Pass roll", "Tirada de pase", "Tiro di passaggio", "Jet de passe"),
    "interception": ("Interception", "Intercepción", "Intercetto", "Interception"),
    "probability": ("Overall", "En total", "In totale", "Au total"),
    "block": ("Strength and block dice", "Fuerza y dados de placaje", "Forza e dadi blocco", "Force et dés de blocage"),
    "push": ("Push-back", "Empujón", "Spinta", "Repoussé"),
    "armour": ("Armour and injury", "Armadura y heridas", "Armatura e ferite", "Armure et blessure"),
    "setup": (
        "Set-up check",
        "Comprobación de la colocación",
        "Controllo dello schieramento",
        "Vérification de la mise en place",
    ),
    "kick": ("Where the kick lands", "Dónde cae la patada", "Dove atterra il calcio", "Où retombe le coup d'envoi"),
    "kick_off_table": (
        "Kick-off table (2D6)",
        "Tabla de patada inicial (2D6)",
        "Tabella del calcio d'inizio (2D6)",
        "Tableau du coup d'envoi (2D6)",
    ),
    "fame": ("Your FAME", "Tu FAMA", "La tua FAME", "Votre FAME"),
    "outcomes": ("Outcomes", "Resultados", "Risultati", "Résultats"),
    "roster": ("The team sheet", "La hoja de equipo", "Il foglio squadra", "La feuille d'équipe"),
    "check": ("Dice check", "Chequeo de dados", "Prova di dadi", "Test de dés"),
    "opposed": ("Opposed check", "Chequeo opuesto", "Prova contrapposta", "Test opposé"),
    "successes": ("Successes rolled", "Éxitos obtenidos", "Successi ottenuti", "Réussites obtenues"),
    "route": (
        "Route and threat zone",
        "Ruta y zona de amenaza",
        "Percorso e zona di minaccia",
        "Itinéraire et zone de menace",
    ),
}

_TABLES = (REASONS, DREADBALL_REASONS, OUTCOMES, WORDS, LINES)


def heading(key: str, lang: str, edition: str | None = None) -> str:
    index = _ORDER.get(lang, 0)
    if edition and f"{key}@{edition}" in HEADINGS:
        return HEADINGS[f"{key}@{edition}"][index]
    if key in HEADINGS:
        return HEADINGS[key][index]
    return phrase(key, lang, edition)
