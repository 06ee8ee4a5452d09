"""The Spanish of `--help`: each command's and each option's text, by the command's name and the
parameter's (`"solve cards"`); a text every command shares is under `*` (`"* rules"`). The
English is where Typer is given it, beside each option; a test keeps the two complete. A
mechanism's options and what it adds to a command's text (`{games}` there) are its own, in
both languages, in its package (its options' metadata, `Mechanism.help_parts`)."""

from __future__ import annotations

# What Typer and click write around the texts, in Spanish.
LABELS: dict[str, str] = {
    "usage": "Uso: ",
    "arguments": "Argumentos",
    "options": "Opciones",
    "commands": "Comandos",
    "default": "[por defecto: {}]",
    "required": "[obligatorio]",
    "help": "Muestra esta ayuda y termina.",
    "options_metavar": "[OPCIONES]",
    "subcommand_metavar": "COMANDO [ARGUMENTOS]...",
}

# The name of every value a command takes, (English, Spanish), by the command's name and the
# parameter's as ES is: an argument's in capitals, as the usage line and its errors name it
# (`mazo solve [OPTIONS] GAME [CARDS]...`, "missing argument GAME"); an option's between angle
# brackets, or its values when they are a few fixed words (`--paper a4|letter`).
METAVARS: dict[str, tuple[str, str]] = {
    "* game": ("GAME", "JUEGO"),
    "* cards": ("CARDS", "CARTAS"),
    "* file": ("FILE", "ARCHIVO"),
    "* rules": ("<file>", "<archivo>"),
    "* variant": ("<key=value>", "<clave=valor>"),
    "* lang": ("es|en", "es|en"),
    "* backend": ("auto|search|cpsat", "auto|search|cpsat"),
    "* paper": ("a4|letter", "a4|letter"),
    "* pdf": ("<file>", "<archivo>"),
    "* output": ("<file>", "<archivo>"),
    "* seed": ("<number>", "<número>"),
    "* seats": ("<bots>", "<bots>"),
    "* pozo_top": ("<card>", "<carta>"),
    "* drawn_from_pozo": ("<card>", "<carta>"),
    "* upcard": ("<card>", "<carta>"),
    "advise seen": ("<cards>", "<cartas>"),
    "advise horizon": ("1|2|optimal", "1|2|optimal"),
    "match sheet": ("SHEET", "PLANILLA"),
    "match players": ("<names>", "<nombres>"),
    "odds plot": ("<file>", "<archivo>"),
    "play name": ("<name>", "<nombre>"),
    "play record": ("<file>", "<archivo>"),
    "play resume": ("<file>", "<archivo>"),
    "puzzles kind": ("<kind>", "<tipo>"),
    "puzzles count": ("<count>", "<cantidad>"),
    "puzzles difficulty": ("easy|medium|hard", "easy|medium|hard"),
    "puzzles per_page": ("<count>", "<cantidad>"),
    "puzzles answers": ("end|separate", "end|separate"),
    "puzzles versions": ("<count>", "<cantidad>"),
    "review player": ("<name>", "<nombre>"),
    "rulebook fmt": ("pdf|md", "pdf|md"),
    "score cutter": ("<cards>", "<cartas>"),
    "score rivals": ("<name=cards>", "<nombre=cartas>"),
    "score cutter_name": ("<name>", "<nombre>"),
    "score table": ("<melds>", "<juegos>"),
    "score red_threes": ("<count>", "<cantidad>"),
    "score hands": ("<cards>", "<cartas>"),
    "score going_out": ("no|out|concealed", "no|out|concealed"),
    "score score_before": ("<points>", "<puntos>"),
    "simulate targets": ("GAME|FILE", "JUEGO|ARCHIVO"),
    "simulate deals": ("<count>", "<cantidad>"),
    "simulate jobs": ("<count>", "<cantidad>"),
    "simulate record": ("<folder>", "<carpeta>"),
    "simulate shard": ("<k/n>", "<k/n>"),
    "solve faced": ("<card>", "<carta>"),
    "solve table": ("<melds>", "<juegos>"),
    "solve rival_table": ("<melds>", "<juegos>"),
    "solve score": ("<points>", "<puntos>"),
    "solve pozo": ("<cards>", "<cartas>"),
    "solve time_limit": ("<seconds>", "<segundos>"),
}

ES: dict[str, str] = {
    "": "Resuelve manos de juegos de cartas, imprime reglamentos y hojas de ejercicios de Conga, "
    "Conquián, Canasta Uruguaya, Chinchón y Gin Rummy.",
    "* game": "Nombre o alias del juego (ver mazo games).",
    "* rules": "Un archivo de reglas (YAML).",
    "* variant": "Una regla de la casa, CLAVE=VALOR (se puede repetir).",
    "* as_json": "Escribe JSON.",
    "* lang": "es o en (por defecto: MAZO_LANG, si no el idioma del sistema, si no el del juego).",
    "* version": "Muestra la versión y termina.",
    "* install_completion": "Instala el completado para el shell que se nombra después (bash, "
    "zsh, fish, tcsh, powershell, pwsh; por defecto: el shell actual).",
    "* show_completion": "Escribe el script de completado del shell que se nombra después "
    "(por defecto: el shell actual), para copiarlo o instalarlo a mano.",
    # mazo advise
    "advise": "¿Levantar la carta del pozo o robar del mazo? Las probabilidades exactas, sobre "
    "cada carta que todavía no se vio.\n\nCartas no vistas: la baraja menos la mano, la carta "
    "del pozo y --seen (los comodines cuentan por copia); robar a ciegas da cualquiera de ellas "
    "con la misma probabilidad. Levantar: la carta del pozo entra a la mano y se puede volver "
    "a tirar, pero nunca como la carta con que se corta. Robar: cada carta no vista por turno, "
    "y después el mejor descarte. Una mano corta (en Gin, llama) cuando algún descarte permitido "
    "deja un cierre. Horizonte 2 (por defecto sin una tabla de probabilidades): si no se "
    "puede cortar ahora, se tira la carta que deja más probabilidad de cortar después de un "
    "robo más (empates: menos puntos "
    "sueltos); el descarte va al pozo y no se puede robar.\n\nConsejo: la opción con más "
    "probabilidad de cortar a más tardar en el turno siguiente (horizonte 1: en este turno); "
    "si empatan, la que deja menos puntos sueltos esperados después del mejor descarte; si "
    "siguen empatadas, robar (no les muestra nada a los rivales). Las probabilidades son "
    'fracciones exactas: --json da cada una como número y como "k/n" al lado '
    "(CAMPO_fraction).\n\nHorizonte optimal (por defecto en Conga y Chinchón; la tabla de mazo "
    "odds, que se construye una vez por juego de reglas): los turnos hasta cortar después de "
    "este turno, "
    "como los cuenta mazo odds para una mano después del robo. Levantar: 0 si corta ahora, si "
    "no los menos turnos esperados que deja un descarte permitido; robar: el promedio de lo "
    "mismo sobre las cartas no vistas. Solo el robo de este turno sale de las cartas no vistas "
    "de la posición; los turnos siguientes roban de la baraja menos la mano. Consejo: menos "
    "turnos; si empatan, robar.",
    "advise game": "conga, chinchon o gin-rummy (o un alias).",
    "advise cards": "La mano antes de robar: la mano en espera (7 cartas; Gin 10). - lee "
    'posiciones de la entrada, una línea JSON cada una: {"hand": [...], "pozo_top": '
    '"4o", "seen": [...]}.',
    "advise pozo_top": "La carta boca arriba del pozo; sin ella solo se analiza el robo.",
    "advise seen": 'Otras cartas que se sabe que no están en el mazo, "CARTAS" (enterradas, '
    "mostradas).",
    "advise horizon": "1: cortar en este turno; 2: cortar a más tardar en el siguiente; "
    "optimal: los menos turnos hasta cortar. Por defecto: optimal donde las reglas tienen una "
    "tabla de probabilidades (se construye una vez, la primera), si no 2.",
    "advise backend": "auto, search o cpsat (como en mazo solve).",
    # mazo games
    "games": "Lista los juegos, sus alias y sus opciones (reglas de la casa).",
    "games game": "Solo este juego (un nombre o un alias).",
    # mazo match
    "match": "Juega una planilla: los totales después de cada mano, quién queda afuera, quién "
    "se reengancha, quién gana; en un juego a un tanteo, las líneas (manos ganadas), el bono "
    "del juego y el zapato{games}. Una planilla todavía sin manos, o --players, imprime una "
    "planilla en blanco.",
    "match sheet": "La planilla, CSV o YAML: una fila por mano, los puntos o las cartas de cada "
    "jugador (-: la lee de la entrada); en una CSV, las palabras en castellano o en inglés "
    "(mano o hand, inicio o start, cortó o cutter). Ninguna con --players.",
    "match players": "Los jugadores, separados por comas en el orden en que se sientan, en vez "
    "de una planilla: con --pdf, una planilla en blanco para llenar a mano.",
    "match paper": "El papel de la planilla: a4 o letter (carta).",
    "match pdf": "Escribe también aquí una planilla para imprimir (PDF).",
    # mazo odds
    "odds": "El descarte que corta antes, y los turnos que lleva. El modelo solitario: el "
    "jugador tiene la mano en espera; en cada turno roba una carta, con la misma "
    "probabilidad cualquiera de la baraja que no tiene en la mano (las cartas de los rivales, "
    "el mazo y el pozo son desconocidos y vuelven al juego; cada copia del comodín cuenta una "
    "vez). Si algún descarte deja entonces un cierre, corta, y el turno cuenta; si no, tira "
    "cualquier carta, la robada incluida. Los turnos que lleva son los que se esperan hasta "
    "cortar con la forma de descartar que los hace menos (turns_to_cut en el JSON).",
    "odds cards": "La mano en espera (7 cartas) o una carta más (se ordenan todos los descartes).",
    "odds deal": "Sin cartas: las cifras de un reparto al azar.",
    "odds build": "Construye ahora la tabla de estas reglas (de nuevo si ya estaba guardada).",
    "odds plot": "Con --deal: dibuja en un PDF la probabilidad de haber cortado en cada turno, "
    "al lado de la de las reglas del juego cuando rigen otras.",
    # mazo play
    "play": "Jugá a la Conga, al Chinchón o al Gin Rummy contra los bots de mazo. Escribí ayuda "
    "(o help) en la mesa para ver los comandos; sin una terminal, los comandos se leen de la "
    "entrada, uno por línea; con --json cada línea que sale es un objeto JSON (ver el README).",
    "play seats": "Los bots de la mesa, por nivel, separados por comas: novato, codicioso, "
    "rápido, experto (o novice, greedy, fastest, expert; por defecto: un experto; hasta tres en "
    "Conga y Chinchón).",
    "play name": "Tu nombre en la mesa, de hasta 20 caracteres, uno ancho cuenta por dos (por "
    "defecto: Vos, o You en inglés).",
    "play seed": "La semilla de los repartos y de los bots (por defecto: una nueva, que se dice "
    "al empezar).",
    "play record": "El registro de la partida (JSON Lines), que se escribe después de cada "
    "jugada (por defecto: un archivo nuevo en $XDG_DATA_HOME/mazo/games).",
    "play resume": "Sigue la partida de este registro, donde quedó.",
    "play training": "Una partida de práctica: undo (deshacer) vuelve atrás una decisión.",
    "play pdf": "Al terminar, escribe aquí la planilla (PDF).",
    "play fast": "Sin pausas después de las jugadas de los rivales en una terminal.",
    # mazo puzzles
    "puzzles": "Imprime una hoja de ejercicios: posiciones verificadas por el solucionador, "
    "cada una con una sola respuesta correcta.",
    "puzzles kind": "Tipo de ejercicio; las reglas del juego listan sus tipos (por defecto: el "
    "primero). Varios tipos comparten una hoja: --kind a,b o --kind a --kind b, y -n se "
    "reparte entre ellos; --kind all: todos los tipos que el juego tiene con estas reglas.",
    "puzzles count": "Cantidad de ejercicios en una hoja (en cada versión).",
    "puzzles seed": "Semilla: la misma semilla imprime la misma hoja.",
    "puzzles difficulty": "easy, medium o hard (fácil, media o difícil; por defecto: "
    "mezcladas; use-faced-card: solo easy o medium).",
    "puzzles output": "Escribe el PDF aquí (por defecto JUEGO-TIPO-IDIOMA.pdf en la carpeta "
    "actual); - imprime las soluciones en una terminal, y el PDF en una tubería.",
    "puzzles key_only": "Imprime las soluciones en la terminal; no escribe ningún archivo.",
    "puzzles split": "Con --versions: un archivo por versión (NOMBRE-A.pdf, NOMBRE-B.pdf …).",
    "puzzles as_json": "Escribe los ejercicios en JSON (un archivo solo con -o ARCHIVO).",
    "puzzles per_page": "A lo sumo esta cantidad de ejercicios por página (1-6), la misma "
    "cantidad en cada una: 8 ejercicios con --per-page 6 quedan en dos páginas de 4; las "
    "cartas se achican para que entren, y una página lleva menos solo cuando ni las cartas "
    "chicas entran. Las soluciones van compactas: tantas por página como entren.",
    "puzzles answers": "end: las soluciones después de los ejercicios; separate: en "
    "NOMBRE-soluciones.pdf (en inglés, NOMBRE-answers.pdf).",
    "puzzles versions": "Un juego para la clase: esta cantidad de hojas distintas (1-10) de los "
    "mismos tipos y niveles, marcadas A, B …, con una sola hoja de soluciones para todas.",
    "puzzles paper": "Tamaño del papel: a4 o letter (carta).",
    # mazo replay
    "replay": "Cuenta una partida registrada como la leería un jugador: cada reparto, turno, "
    "corte, acomodo y puntaje, y quién ganó; con --check, dice si cada jugada es legal y cada "
    "puntaje está bien.",
    "replay file": "El registro de la partida (JSON Lines, formato 1).",
    "replay check": "Repasa la partida con las reglas: sale con 0 si cada jugada es legal y "
    "cada puntaje está bien, si no con 1, y nombra la primera línea equivocada.",
    # mazo review
    "review": "Juzga cada decisión de un jugador en una partida registrada (levantar o robar, "
    "el descarte, cortar o no) frente a la jugada más rápida, con lo que ese jugador sabía en "
    "ese momento: el costo en turnos esperados hasta cortar (Gin Rummy: en puntos de la "
    "probabilidad de llamar en el turno siguiente), calificado ?! imprecisión, ? error, "
    "?? error grave; por ronda y para la partida, la precisión, el costo, los momentos más "
    "costosos, las pistas y las jugadas deshechas. El modelo solitario: no se modelan los "
    "rivales.",
    "review file": "El registro de la partida (JSON Lines, formato 1).",
    "review player": "De quién son las decisiones a juzgar (por defecto: la única persona del "
    "registro, como la sienta mazo play).",
    "review pdf": "Escribe también el análisis en un PDF para entregar: el resumen y los "
    "momentos más costosos de cada ronda, con las cartas dibujadas.",
    # mazo rulebook
    "rulebook": "Escribe el reglamento de un juego (PDF o Markdown), con las reglas de la casa "
    "que rigen.",
    "rulebook output": "El archivo a escribir (por defecto JUEGO-IDIOMA.pdf).",
    "rulebook fmt": "pdf o md (por defecto: según termine el nombre de -o, si no pdf).",
    "rulebook paper": "a4 o letter (carta).",
    # mazo score
    "score": "Anota una mano: el cierre, el mejor acomodo de cada rival, pasar al que corta, "
    "los puntos.",
    # mazo simulate
    "simulate": "Bots contra bots en repartos duplicados (cada reparto una vez por cada "
    "rotación de los asientos): rondas ganadas, puntos por ronda y cada bot frente al primero, con "
    "intervalos del 95 %. Con --merge: los informes JSON de las partes de una corrida, como "
    "un solo informe.\n\n"
    "Los niveles. novato: levanta la carta del pozo solo si cierra un juego del mejor "
    "acomodo; tira la de más valor entre las que dejan menos puntos sueltos. codicioso: "
    "levanta cuando algún descarte deja después menos puntos sueltos que, en promedio, robar "
    "del mazo; tira para dejar los menos puntos sueltos. rápido: levanta o roba y tira para "
    "cortar cuanto antes, como dicen mazo advise y mazo odds. experto: en Conga y Chinchón, "
    "levanta o roba y tira para dejar los menos puntos a pagar si un rival corta antes; en "
    "Gin, juega como el rápido pero tarde solo llama con 2 puntos sueltos o menos. Fuera de "
    "eso, todos cortan (llaman) en cuanto pueden.",
    "simulate targets": "El juego; con --merge, los informes JSON de las partes.",
    "simulate seats": "Los bots, uno por asiento, separados por comas: un nivel (novato, "
    "codicioso, rápido, experto, o novice, greedy, fastest, expert), módulo:atributo o "
    "carpeta/archivo.py:Nombre.",
    "simulate deals": "Repartos a jugar (cada uno una vez por rotación; por defecto 100).",
    "simulate matches": "Un reparto es una partida entera, no una ronda.",
    "simulate seed": "Semilla de los repartos (por defecto 0): la misma semilla juega las "
    "mismas partidas.",
    "simulate jobs": "Procesos en que jugar (por defecto: los núcleos); los resultados no cambian.",
    "simulate record": "Escribe el registro de cada partida (JSON Lines) en esta carpeta, "
    "REPARTO-ROTACIÓN.jsonl.",
    "simulate shard": "Juega la parte K de N partes iguales de los repartos (K/N).",
    "simulate merge": "Junta los informes JSON de las partes, dados como archivos.",
    # mazo solve
    "solve": "Encuentra los mejores juegos de una mano, sus puntos sueltos y cada descarte, el "
    "mejor primero.",
    "solve cards": "La mano: códigos de cartas, en una cadena entre comillas o en varias. "
    "{games} - lee manos de la entrada, una por línea (códigos, o un objeto JSON "
    '{{"hand": [...], opción: valor}}).',
    "solve time_limit": "Segundos que puede tardar el optimizador en cada posición.",
    "solve backend": "auto (la búsqueda exacta rápida para manos del tamaño de juego, si no "
    "CP-SAT), search o cpsat.",
    # mazo spec
    "spec": "Trabaja con archivos de reglas.",
    "spec check": "Valida un archivo de reglas; los errores nombran el archivo, la línea y el "
    "campo.",
    "spec check file": "El archivo de reglas YAML.",
}
