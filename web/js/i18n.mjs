// Every text of the page in German and English. The default follows the browser.
const TEXTS = {
  de: {
    engineLoading: "Das Spiel wird geladen …", engineReady: "Bereit zum Spielen", engineFailed: "Das Spiel konnte nicht geladen werden: ",
    playingTime: (a, b) => a === b ? `ca. ${a} Min.` : `${a}–${b} Min.`, playersRange: (a, b) => a === b ? `${a} Spieler` : `${a}–${b} Spieler`,
    again: "Nochmal (gleiche Plätze, neu gemischt)", newGame: "Neues Spiel", finalScore: "Schlusswertung",
    winners: (names) => `${names} gewinnen gemeinsam!`, showActions: "Alle Züge als Liste (Tastatur, Bildschirmleser)",
    continueGames: "Weiterspielen", finishedGames: "Beendete Spiele", savedAt: "gespeichert", savesCapped: (n) => `Es werden höchstens ${n} Spielstände aufbewahrt; die ältesten beendeten werden gelöscht.`,
    removeConfirm: "Löschen", replayTurn: (n) => `Wiederholung – ${n} ist am Zug`, replayOver: "Wiederholung – Spielende",
    first: "Zum Anfang", back: "Zurück", forward: "Weiter", last: "Zum Ende", shareNative: "Teilen …",
    shareText: (title, name) => name ? `Du bist am Zug in „${title}“ (${name})` : `Du bist am Zug in „${title}“`,
    unknownError: "Das hat nicht geklappt", errorDetails: "Einzelheiten", selectGame: "Spiel wählen",
    chooseGameHint: "Tippe auf ein Spiel, um Plätze und Optionen einzustellen.", undone: "Zug zurückgenommen",
    seatsFor: (title) => `Plätze – ${title}`, shared: "Geteilt.", shareFailed: "Teilen ging nicht – kopiere den Link.",
    copyByHand: "Der Link ist markiert: kopiere ihn von Hand.",
    chooseGame: "Spiel wählen", seats: "Plätze", playerCount: "Anzahl Spieler", start: "Spiel starten",
    menu: "Menü", yourOptions: "Deine Möglichkeiten", log: "Verlauf", players: "Spieler",
    inPreparation: "in Vorbereitung", human: "Mensch", computer: "Computer", name: "Name",
    level: "Stufe", levels: { random: "Zufall", easy: "Leicht", medium: "Mittel", hard: "Schwer", expert: "Experte" },
    waitEngine: "Das Spiel wird noch geladen …", chooseFirst: "Bitte zuerst ein Spiel wählen.",
    turnOf: (n) => `${n} ist am Zug`, yourTurn: "Du bist am Zug", thinking: (n) => `${n} denkt nach …`, gameOver: "Spielende",
    winner: (n) => `${n} gewinnt!`, draw: "Unentschieden", noOptions: "Warte auf die anderen …",
    seatName: (i, human) => human ? `Spieler ${i}` : `Computer ${i}`, points: "Punkte",
    savedGames: "Gespeicherte Spiele", importReplay: "Spiel oder Wiederholung laden …", resume: "Fortsetzen",
    watch: "Ansehen", remove: "Löschen", unreadable: "Unlesbarer Spielstand", finished: "beendet",
    undo: "Rückgängig", export: "Exportieren", step: (k, n) => `Schritt ${k} / ${n}`,
    passTo: (n) => `Gib das Gerät an ${n} weiter.`, passReady: (n) => `Ich bin ${n}`,
    badFile: "Diese Datei ist kein Urzeit-Spielstand: ", storageFull: "Der Spielstand konnte nicht gespeichert werden (Speicher voll oder gesperrt).",
    replay: "Wiederholung",
    errors: { illegal_action: "Dieser Zug ist nicht erlaubt", stale_state: "Das Spiel hat sich inzwischen geändert",
              not_your_turn: "Du bist nicht am Zug", bad_save: "Der Spielstand ist ungültig",
              unknown_match: "Dieses Spiel ist nicht mehr geladen", bad_request: "Ungültige Anfrage",
              engine_failed: "Das Spiel antwortet nicht", unknown_game: "Unbekanntes Spiel",
              not_json: "Die Datei lässt sich nicht lesen (kein JSON)", no_replay: "In der Datei ist kein Urzeit-Spiel",
              bad_link: "Der Link ist beschädigt" },
    hint: "Tipp", hintIs: (a) => `Tipp: ${a}`, hintWhy: (a, why) => `Tipp: ${a} – ${why}`,
    rulesSearch: "In den Regeln suchen", rulesToc: "Inhalt", rulesIntro: "Überblick",
    rulesFound: (n) => n === 1 ? "1 Abschnitt gefunden" : `${n} Abschnitte gefunden`,
    rulesNothing: (q) => `Nichts gefunden für „${q}“.`,
    share: "Teilen", rules: "Regeln", more: "Mehr", close: "Schließen", copy: "Kopieren", copied: "Kopiert.",
    shareTitle: "Spiel per Link weitergeben", shareFor: "Das bekommt dein Gegenüber:", badLink: "Dieser Link enthält kein gültiges Spiel: ",
    engineCrashed: "Das Spiel antwortet nicht mehr – es wird neu gestartet und wiederhergestellt …",
    engineRestored: "Neu gestartet; das Spiel ist wiederhergestellt.",
    playMode: "Spielart", modeLocal: "An diesem Gerät (mit Computer oder reihum)", modeFair: "Fair per Link mit Freunden",
    modeFairHelp: "Jeder spielt in seinem eigenen Browser; ihr schickt euch nach jedem Zug einen Link. Niemand kann die gezogenen Karten vorher kennen oder lenken.",
    yourName: "Dein Name", fairGuarantee: "Fair: alles, was gezogen wird, entsteht aus den Zufallszahlen aller Spieler; niemand kann sie vorher kennen oder lenken; jeder Zug ist unterschrieben und prüfbar. Der Link enthält keine Geheimnisse – deine bleiben in diesem Browser.",
    fairSendTo: (n) => `Link an ${n} senden`,
    fairSendInstead: (n) => `Stattdessen als Link an ${n}`,
    fairByRelays: "Deine Züge gehen verschlüsselt über die Relais – kein Link nötig.",
    fairRelaysFailed: "Die Relais sind gerade nicht erreichbar: schicke den Link.",
    fairShareText: (title, n) => `${n}, du bist dran in „${title}“ (faires Spiel)`,
    fairShareOver: (title, n) => `${n}, „${title}“ ist zu Ende – öffne den Link für den letzten Zug und die Prüfung (faires Spiel)`,
    fairLinkTitle: (n) => `Link für ${n}`, fairYourMove: "Du bist am Zug.",
    fairInviteTitle: (seat, title) => `Einladung für Platz ${seat} – „${title}“`,
    fairInviteText: (host, title, seat, players) => `${host} lädt dich zu einem fairen Spiel „${title}“ ein: du spielst Platz ${seat} von ${players}.`,
    fairInviteNote: (seat) => `Schicke diesen Link der Person für Platz ${seat}. Sie öffnet ihn in ihrem eigenen Browser, gibt ihren Namen ein und schickt dir einen Link zurück; erst dann wird gezogen.`,
    fairGuaranteeShort: "Garantiert: Niemand – auch nicht, wer einlädt – kann sehen oder lenken, was gezogen wird; jeder Zug ist unterschrieben und wird geprüft. Der Link enthält keine Geheimnisse.",
    fairInvited: (title) => `Einladung zu „${title}“`, fairInvitedBy: (host, title) => `${host} lädt dich zu „${title}“ ein`,
    fairYourSeat: (seat, players) => players ? `Ein faires Spiel per Link: du spielst Platz ${seat} von ${players}.` : `Ein faires Spiel per Link: du spielst Platz ${seat}.`,
    fairJoinNext: "Gib deinen Namen ein und tippe auf „Mitspielen“. Danach schickst du einen Link zurück; gezogen wird erst, wenn alle ihre Zufallszahl beigetragen haben.",
    fairAskName: "Wie heißt du?",
    nameList: (names) => names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} und ${names[names.length - 1]}`,
    fairWaitJoin: (n, count, since) => `Warte seit ${since} darauf, dass ${n} ${count > 1 ? "beitreten" : "beitritt"}. Noch ist nichts gezogen: das geschieht erst, wenn alle beigetreten sind und ihre Zufallszahl beigetragen haben.`,
    fairWaitFirstDraw: (n, count, since) => `Warte seit ${since} auf ${n}: sobald ${count > 1 ? "deren Zufallszahlen da sind" : `die Zufallszahl von ${n} da ist`}, wird zum ersten Mal gezogen.`,
    fairWaitReveal: (n, count, since) => `Warte seit ${since} auf ${n}: für die nächste Ziehung fehlt noch eine Zufallszahl.`,
    fairWaitMove: (n, count, since) => `Warte seit ${since} darauf, dass ${n} ${count > 1 ? "ziehen" : "zieht"}.`,
    fairOverSend: "Das Spiel ist zu Ende. Schicke den letzten Link, damit es auch bei den anderen endet und geprüft wird.",
    fairOldLink: "Diesen Link hast du schon geöffnet, oder er ist älter als dein Spielstand: er bringt nichts Neues. Am Spiel hat sich nichts geändert.",
    fairOtherSeat: (to, seat, mine) => `Dieser Link ist für ${to} (Platz ${seat}), nicht für dich – du spielst Platz ${mine}. Schicke ihn ${to}; dein Spiel ist unverändert.`,
    fairBadge: "fair per Link", fairMine: "du bist am Zug", fairWaitsFor: (n) => `wartet auf ${n}`,
    fairLastMessage: (d) => `letzte Nachricht ${d}`, fairCheckedShort: "geprüft", fairCheckFailedShort: "Prüfung fehlgeschlagen",
    fairDeleteTitle: "Faires Spiel löschen?", cancel: "Abbrechen",
    fairDeleteRunning: (title, names) => `„${title}“ mit ${names}: Mit dem Spiel wird dein geheimer Schlüssel dafür gelöscht. Danach kannst du in diesem Spiel nicht mehr weiterspielen – auch nicht mit einem neuen Link, und niemand sonst kann deinen Platz übernehmen.`,
    fairDeleteOver: (title, names) => `„${title}“ mit ${names} und sein Ergebnis werden aus diesem Browser gelöscht.`,
    shareFairButton: "Stattdessen fair per Link spielen",
    shareFairLine: "Fair per Link beginnt ein neues Spiel mit denselben Plätzen: jeder spielt in seinem eigenen Browser, und niemand – auch du nicht – kann sehen oder lenken, was gezogen wird; jeder Zug wird unterschrieben und geprüft.",
    fairJoin: "Mitspielen", fairNoSecret: (seat) => `Dieser Link ist für Platz ${seat} eines fairen Spiels, aber dessen Schlüssel ist nicht in diesem Browser gespeichert. Öffne den Link in dem Browser, in dem du das Spiel begonnen hast – ohne den Schlüssel kann niemand für diesen Platz weiterspielen.`,
    fairRefused: "Dieser Link wurde nicht angenommen – am Spiel hat sich nichts geändert: ",
    fairStorageFailed: "Dein Schlüssel für dieses faire Spiel konnte nicht gespeichert werden (Speicher voll oder gesperrt). Ohne ihn kannst du nach dem Schließen nicht weiterspielen – es wird kein Link verschickt.",
    fairVerified: "Geprüft: alles Gezogene folgt aus den Zufallszahlen aller, jeder Zug ist gültig unterschrieben.",
    fairWaitDeck: (n, count, since) => `Warte seit ${since} auf ${n}: ihr mischt den Stapel der verdeckten Karten gemeinsam – jeder verschlüsselt und mischt ihn einmal, danach sieht niemand seine Reihenfolge. Erst dann geht es los.`,
    fairWaitKeys: (n, count, since) => `Warte seit ${since} auf ${n}: für die verdeckt gezogene Karte fehlt noch ${count > 1 ? "deren" : "der"} Schlüssel – nur wer zieht, kann sie damit aufdecken.`,
    fairWaitUnlock: (n, count, since) => `Warte seit ${since} auf ${n}: am Ende zeigt jeder sein Geheimnis für den Stapel, damit das ganze Spiel geprüft werden kann.`,
    fairWaitUnlockEnd: (n) => `Geprüft wird, sobald das Geheimnis für den Stapel von ${n} da ist.`,
    fairShareDeck: (title, n) => `${n}, wir mischen die verdeckten Karten für „${title}“ gemeinsam (faires Spiel)`,
    fairDeckNote: (kb) => `Dieser Link bringt den gemeinsam gemischten Stapel: jeder verschlüsselt und mischt ihn einmal, so kennt niemand seine Reihenfolge – auch nicht, wer zuerst mischt. Darum ist er mit etwa ${kb} kB länger als sonst; der erste Zug folgt danach.`,
    fairWorking: "Der Link wird geprüft …",
    fairWorkingDeck: "Der Stapel wird verschlüsselt und gemischt – das dauert ein paar Sekunden …",
    fairFailed: "Die Prüfung ist fehlgeschlagen: ", fairChecking: "Wird geprüft …",
    undoTakes: (n, bots) => `Nimmt deinen letzten Zug und ${n === 1 ? "den Zug" : `die ${n} Züge`} ${bots > 1 ? "der Computer" : "des Computers"} zurück`,
    undoneWith: (n, bots) => `Zurückgenommen: dein letzter Zug und ${n === 1 ? "der Zug" : `die ${n} Züge`} ${bots > 1 ? "der Computer" : "des Computers"}`,
    turnPos: (k, n) => `Zug ${k} / ${n}`, byDecision: "Jede Entscheidung einzeln", replayStart: "Spielbeginn – noch kein Zug",
    replayNoWords: (n) => `${n} ist am Zug gewesen`,
    shareOver: (title) => `„${title}“ ist zu Ende – der Link zeigt die ganze Partie und wie sie ausging`,
    settings: "Einstellungen", setMotion: "Bewegungen zeigen", setMotionChoices: { off: "Aus", normal: "Normal", slow: "Langsam" },
    setMotionHelp: "Gelegte und genommene Karten und versetzte Figuren gleiten an ihren Platz – auch bei den Zügen des Computers.",
    setMotionReduced: "Dein Gerät wünscht weniger Bewegung: Es wird nichts bewegt, egal was hier steht.",
    setPause: "Pause des Computers zwischen seinen Zügen", setPauseChoices: { 0: "Keine", 250: "Kurz", 700: "Mittel", 1500: "Lang" },
    setConfirm: "Vor endgültigen Zügen nachfragen (Karte anlegen, Karte nehmen)",
    setIce: "Live-Spiel über das Internet",
    setIceHelp: "Nur während ein Live-Spiel verbindet, fragt die Seite diesen STUN-Server nach der eigenen Adresse im Internet. Leer: keiner – dann klappt es nur im selben Netz.",
    setStun: "STUN-Server", setTurn: "TURN-Server (für Netze, die nur über ein Relais gehen; optional)",
    setTurnUser: "Benutzername", setTurnPass: "Passwort", setIceSave: "Übernehmen", setIceSaved: "Gespeichert.",
    setIceBad: (what) => `Das ist keine Adresse eines ${what}-Servers (sie beginnt mit „${what.toLowerCase()}:“).`,
    setRelays: "Relays für Spiele über das Internet",
    setRelaysOn: "Relays verwenden: mit einem Link beitreten, von selbst wieder verbinden, Züge über Tage",
    setRelaysHelp: "Relays sind öffentliche Nostr-Server, die andere betreiben. Sie reichen die Nachrichten eines Tischs weiter und heben Züge eine Zeit lang auf. Sie sehen nur verschlüsselten Text, wie groß er ist und wann er kommt, und die IP-Adressen der Geräte. Lesen oder fälschen können sie das Spiel nicht: den Schlüssel trägt nur der Link. Aus: Die Seite fragt kein Relay, Einladung und Antwort gehen als Link.",
    setRelaysList: "Relays, eine Adresse pro Zeile (wss://…); leer: die vorgegebenen",
    setRelaysSave: "Übernehmen", setRelaysSaved: "Gespeichert.",
    setRelaysBad: (list) => `Keine Relay-Adresse (sie beginnt mit „wss://“): ${list}`,
    setRelaysTooMany: (n) => `Höchstens ${n} Relays.`,
    setContrast: "Kontrastreiche Spielerfarben mit kräftigen Umrissen",
    setSound: "Töne, wenn du am Zug bist und wenn Punkte fallen",
    turnAlertTitle: (game) => `Du bist am Zug – ${game}`,
    fairNewMoves: (names) => `neue Züge von ${names} – öffne das Spiel`,
    fairNewMovesTitle: (game) => `Neue Züge – ${game}`,
    turnAlertBody: (name) => (name ? `${name}, dein Zug wartet.` : "Dein Zug wartet."),
    setTurnAlert: "Zug-Hinweis in Spielen mit Freunden: Titel und Symbol des Tabs, ein kurzer Ton, Vibration",
    setNotify: "Auch als Benachrichtigung, wenn die Seite nicht im Blick ist",
    setNotifyState: { granted: "Benachrichtigungen sind erlaubt.", denied: "Benachrichtigungen sind in diesem Browser abgelehnt.",
                      default: "", unsupported: "Dieser Browser kann keine Benachrichtigungen zeigen." },
    setKept: "Die Einstellungen werden auf diesem Gerät gespeichert.",
  },
  en: {
    engineLoading: "Loading the game …", engineReady: "Ready to play", engineFailed: "The game could not be loaded: ",
    playingTime: (a, b) => a === b ? `about ${a} min` : `${a}–${b} min`, playersRange: (a, b) => a === b ? `${a} players` : `${a}–${b} players`,
    again: "Play again (same seats, new shuffle)", newGame: "New game", finalScore: "Final scoring",
    winners: (names) => `${names} share the win!`, showActions: "All moves as a list (keyboard, screen reader)",
    continueGames: "Continue", finishedGames: "Finished games", savedAt: "saved", savesCapped: (n) => `At most ${n} saved games are kept; the oldest finished ones are deleted.`,
    removeConfirm: "Delete", replayTurn: (n) => `Replay – ${n} to move`, replayOver: "Replay – game over",
    first: "To the start", back: "Back", forward: "Forward", last: "To the end", shareNative: "Share …",
    shareText: (title, name) => name ? `Your move in “${title}” (${name})` : `Your move in “${title}”`,
    unknownError: "That did not work", errorDetails: "Details", selectGame: "Choose a game",
    chooseGameHint: "Tap a game to set up seats and options.", undone: "Move taken back",
    seatsFor: (title) => `Seats – ${title}`, shared: "Shared.", shareFailed: "Sharing did not work – copy the link.",
    copyByHand: "The link is selected: copy it by hand.",
    chooseGame: "Choose a game", seats: "Seats", playerCount: "Number of players", start: "Start game",
    menu: "Menu", yourOptions: "Your options", log: "Log", players: "players",
    inPreparation: "in preparation", human: "Human", computer: "Computer", name: "Name",
    level: "Level", levels: { random: "Random", easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert" },
    waitEngine: "The game is still loading …", chooseFirst: "Choose a game first.",
    turnOf: (n) => `${n} to move`, yourTurn: "Your move", thinking: (n) => `${n} is thinking …`, gameOver: "Game over",
    winner: (n) => `${n} wins!`, draw: "A draw", noOptions: "Waiting for the others …",
    seatName: (i, human) => human ? `Player ${i}` : `Computer ${i}`, points: "points",
    savedGames: "Saved games", importReplay: "Load a game or replay …", resume: "Resume",
    watch: "Watch", remove: "Delete", unreadable: "Unreadable saved game", finished: "finished",
    undo: "Undo", export: "Export", step: (k, n) => `Step ${k} / ${n}`,
    passTo: (n) => `Pass the device to ${n}.`, passReady: (n) => `I am ${n}`,
    badFile: "This file is not an Urzeit save: ", storageFull: "The game could not be saved (storage full or blocked).",
    replay: "Replay",
    errors: { illegal_action: "That move is not allowed", stale_state: "The game has changed meanwhile",
              not_your_turn: "It is not your turn", bad_save: "The saved game is invalid",
              unknown_match: "This game is no longer loaded", bad_request: "Invalid request",
              engine_failed: "The game does not answer", unknown_game: "Unknown game",
              not_json: "The file cannot be read (not JSON)", no_replay: "The file holds no Urzeit game",
              bad_link: "The link is damaged" },
    hint: "Hint", hintIs: (a) => `Hint: ${a}`, hintWhy: (a, why) => `Hint: ${a} – ${why}`,
    rulesSearch: "Search the rules", rulesToc: "Contents", rulesIntro: "Overview",
    rulesFound: (n) => n === 1 ? "1 section found" : `${n} sections found`,
    rulesNothing: (q) => `Nothing found for “${q}”.`,
    share: "Share", rules: "Rules", more: "More", close: "Close", copy: "Copy", copied: "Copied.",
    shareTitle: "Pass the game on by link", shareFor: "What your friend will read:", badLink: "This link holds no valid game: ",
    engineCrashed: "The game stopped answering – restarting and restoring it …",
    engineRestored: "Restarted; your game is restored.",
    playMode: "How to play", modeLocal: "On this device (with the computer or taking turns)", modeFair: "Fair by link with friends",
    modeFairHelp: "Everyone plays in their own browser; you send each other a link after each move. Nobody can know or steer the draws in advance.",
    yourName: "Your name", fairGuarantee: "Fair: every card or tile comes from all players' random values together; nobody can know or steer it in advance; every move is signed and can be checked. The link holds no secrets – yours stay in this browser.",
    fairSendTo: (n) => `Send the link to ${n}`,
    fairSendInstead: (n) => `Send a link to ${n} instead`,
    fairByRelays: "Your moves travel encrypted through the relays – no link needed.",
    fairRelaysFailed: "The relays cannot be reached right now: send the link.",
    fairShareText: (title, n) => `${n}, your move in “${title}” (fair game)`,
    fairShareOver: (title, n) => `${n}, “${title}” is over – open the link for the last move and the check (fair game)`,
    fairLinkTitle: (n) => `Link for ${n}`, fairYourMove: "Your move.",
    fairInviteTitle: (seat, title) => `Invitation to seat ${seat} – “${title}”`,
    fairInviteText: (host, title, seat, players) => `${host} invites you to a fair game of “${title}”: you play seat ${seat} of ${players}.`,
    fairInviteNote: (seat) => `Send this link to the player for seat ${seat}. They open it in their own browser, give their name and send you a link back; only then is anything drawn.`,
    fairGuaranteeShort: "Guaranteed: nobody – not even the one who invites – can see or steer what is drawn; every move is signed and checked. The link holds no secrets.",
    fairInvited: (title) => `Invitation to “${title}”`, fairInvitedBy: (host, title) => `${host} invites you to “${title}”`,
    fairYourSeat: (seat, players) => players ? `A fair game by link: you play seat ${seat} of ${players}.` : `A fair game by link: you play seat ${seat}.`,
    fairJoinNext: "Enter your name and tap “Join”. Then you send a link back; nothing is drawn until everyone has added their random value.",
    fairAskName: "What is your name?",
    nameList: (names) => names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`,
    fairWaitJoin: (n, count, since) => `Waiting since ${since} for ${n} to join. Nothing is drawn yet: that happens once everyone has joined and added their random value.`,
    fairWaitFirstDraw: (n, count, since) => `Waiting for ${n} since ${since}: the first draw is made as soon as ${count > 1 ? "their random values arrive" : `the random value from ${n} arrives`}.`,
    fairWaitReveal: (n, count, since) => `Waiting for ${n} since ${since}: a random value for the next draw is still missing.`,
    fairWaitMove: (n, count, since) => `Waiting since ${since} for ${n} to move.`,
    fairOverSend: "The game is over. Send the last link so that it ends and is checked for the others too.",
    fairOldLink: "You have opened this link before, or it is older than your game: it brings nothing new. Nothing in the game has changed.",
    fairOtherSeat: (to, seat, mine) => `This link is for ${to} (seat ${seat}), not for you – you play seat ${mine}. Send it to ${to}; your game is unchanged.`,
    fairBadge: "fair by link", fairMine: "your move", fairWaitsFor: (n) => `waiting for ${n}`,
    fairLastMessage: (d) => `last message ${d}`, fairCheckedShort: "verified", fairCheckFailedShort: "check failed",
    fairDeleteTitle: "Delete the fair game?", cancel: "Cancel",
    fairDeleteRunning: (title, names) => `“${title}” with ${names}: your secret key for it is deleted with the game. Afterwards you cannot go on in this game – not even with a new link, and nobody else can take your seat.`,
    fairDeleteOver: (title, names) => `“${title}” with ${names} and its result are deleted from this browser.`,
    shareFairButton: "Play fair by link instead",
    shareFairLine: "Fair by link starts a new game with the same seats: everyone plays in their own browser, and nobody – not even you – can see or steer what is drawn; every move is signed and checked.",
    fairJoin: "Join", fairNoSecret: (seat) => `This link is for seat ${seat} of a fair game, but that seat's key is not stored in this browser. Open the link in the browser where you started the game – without the key nobody can play on for this seat.`,
    fairRefused: "This link was refused – nothing in the game has changed: ",
    fairStorageFailed: "Your key for this fair game could not be stored (storage full or blocked). Without it you could not play on after closing, so no link is sent.",
    fairVerified: "Verified: every draw follows from everyone's random values, every move is validly signed.",
    fairWaitDeck: (n, count, since) => `Waiting for ${n} since ${since}: you are shuffling the deck of hidden cards together – each encrypts and shuffles it once, and then nobody can see its order. The game begins after that.`,
    fairWaitKeys: (n, count, since) => `Waiting for ${n} since ${since}: the key for the card drawn face down is still missing – only the one who draws can turn it up with it.`,
    fairWaitUnlock: (n, count, since) => `Waiting for ${n} since ${since}: at the end each player shows their secret for the deck, so that the whole game can be checked.`,
    fairWaitUnlockEnd: (n) => `The check follows as soon as the deck secret from ${n} arrives.`,
    fairShareDeck: (title, n) => `${n}, we are shuffling the hidden cards of “${title}” together (fair game)`,
    fairDeckNote: (kb) => `This link carries the deck shuffled together: each player encrypts and shuffles it once, so nobody knows its order – not even the one who shuffles first. That is why it is longer than usual, about ${kb} kB; the first move comes after it.`,
    fairWorking: "Checking the link …",
    fairWorkingDeck: "Encrypting and shuffling the deck – this takes a few seconds …",
    fairFailed: "The check failed: ", fairChecking: "Checking …",
    undoTakes: (n, bots) => `Takes back your last move and ${bots > 1 ? "the computers’" : "the computer’s"} ${n === 1 ? "move" : `${n} moves`}`,
    undoneWith: (n, bots) => `Taken back: your last move and ${bots > 1 ? "the computers’" : "the computer’s"} ${n === 1 ? "move" : `${n} moves`}`,
    turnPos: (k, n) => `Turn ${k} / ${n}`, byDecision: "Each decision on its own", replayStart: "Start of the game – no move yet",
    replayNoWords: (n) => `${n} moved`,
    shareOver: (title) => `“${title}” is over – the link shows the whole game and how it ended`,
    settings: "Settings", setMotion: "Show moves", setMotionChoices: { off: "Off", normal: "Normal", slow: "Slow" },
    setMotionHelp: "Placed tiles, taken cards and moved figures glide into place – the computer's moves too.",
    setMotionReduced: "Your device asks for reduced motion: nothing moves, whatever is chosen here.",
    setPause: "The computer's pause between its moves", setPauseChoices: { 0: "None", 250: "Short", 700: "Medium", 1500: "Long" },
    setConfirm: "Ask before final moves (placing a tile, taking a card)",
    setIce: "Live play across the internet",
    setIceHelp: "Only while a live game connects does the page ask this STUN server for its own internet address. Empty: none – then only the same network works.",
    setStun: "STUN server", setTurn: "TURN server (for networks that only work through a relay; optional)",
    setTurnUser: "User name", setTurnPass: "Password", setIceSave: "Apply", setIceSaved: "Saved.",
    setIceBad: (what) => `That is not the address of a ${what} server (it starts with “${what.toLowerCase()}:”).`,
    setRelays: "Relays for games across the internet",
    setRelaysOn: "Use relays: join with one link, reconnect by itself, turns over days",
    setRelaysHelp: "Relays are public Nostr servers run by others. They pass a table's messages on and keep moves for a while. They see only encrypted text, how large it is and when it comes, and the devices' IP addresses. They can neither read nor forge the game: only the link carries the key. Off: the page asks no relay, the invite and the answer go as links.",
    setRelaysList: "Relays, one address per line (wss://…); empty: the default ones",
    setRelaysSave: "Apply", setRelaysSaved: "Saved.",
    setRelaysBad: (list) => `Not a relay address (it starts with “wss://”): ${list}`,
    setRelaysTooMany: (n) => `At most ${n} relays.`,
    setContrast: "High-contrast player colours with strong outlines",
    setSound: "Sounds when it is your turn and when points are scored",
    turnAlertTitle: (game) => `Your move – ${game}`,
    fairNewMoves: (names) => `new moves by ${names} – open the game`,
    fairNewMovesTitle: (game) => `New moves – ${game}`,
    turnAlertBody: (name) => (name ? `${name}, your move is waiting.` : "Your move is waiting."),
    setTurnAlert: "Turn alert in games with friends: the tab's title and icon, a short sound, vibration",
    setNotify: "Also as a notification when the page is out of sight",
    setNotifyState: { granted: "Notifications are allowed.", denied: "Notifications are refused in this browser.",
                      default: "", unsupported: "This browser cannot show notifications." },
    setKept: "The settings are kept on this device.",
  },
};

let lang = (() => {
  try {
    const stored = localStorage.getItem("urzeit.lang");
    if (stored === "de" || stored === "en") return stored;
  } catch { /* storage may be blocked */ }
  return (navigator.language || "de").toLowerCase().startsWith("de") ? "de" : "en";
})();

export function getLang() { return lang; }

// A screen module's own words (e.g. screens/live-words.mjs), merged in once at load.
export function addTexts(more) {
  for (const l of ["de", "en"]) Object.assign(TEXTS[l], more[l]);
}

export function setLang(value) {
  lang = value;
  try { localStorage.setItem("urzeit.lang", value); } catch { /* ignore */ }
  document.documentElement.lang = value;
}

export function t(key, ...args) {
  const value = TEXTS[lang][key] ?? TEXTS.de[key] ?? key;
  return typeof value === "function" ? value(...args) : value;
}

export function applyStaticTexts(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}

// Plural by count: plural(1, "Karte", "Karten"), plural(n, "tile", "tiles").
export function plural(n, one, many) {
  return `${n} ${Math.abs(n) === 1 ? one : many}`;
}

// The engine's reason texts ({reason: {de, en}} with {param} placeholders), from hello.
let engineMessages = {};
export function setEngineMessages(messages) { engineMessages = messages || {}; }

export function reasonText(reason, params = {}) {
  const entry = reason && engineMessages[reason];
  if (!entry) return null;
  const text = entry[lang] ?? entry.de;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// What a player reads about a failed request: the engine's reason worded in the player's
// language, else the code's text; never the engine's English detail (that goes to the console).
export function errorText(err) {
  if (err && err.message) console.info("engine:", err.code, err.reason || "", err.message);
  return (err && reasonText(err.reason, err.params)) || (err && t("errors")[err.code]) || t("unknownError");
}

// Default seat names ("Spieler 2", "Computer 3") follow the language; typed names stay.
const DEFAULT_NAME = /^(Spieler|Player|Computer) ([1-9])$/;
export function displayName(name, kind) {
  const m = DEFAULT_NAME.exec(name || "");
  return m ? t("seatName", Number(m[2]), kind === "human") : name;
}

// The statistics screen (screens/stats.mjs) and its way in from the menu and the end screen.
Object.assign(TEXTS.de, {
  statistics: "Statistik", statsTitle: "Statistik und beendete Partien", statsGame: "Spiel",
  statsNone: "Noch keine beendete Partie. Wenn ein Spiel auf diesem Gerät zu Ende geht, steht es hier.",
  statsPlayers: "Spieler", statsGames: "Partien", statsWins: "Siege", statsAverage: "Ø Punkte", statsBest: "Beste",
  statsPointsBy: "Punkte nach Herkunft (Durchschnitt je Partie)", statsCounts: "Weitere Zahlen (Durchschnitt je Partie)",
  statsChart: (n) => n === 1 ? "Punkte der letzten Partie" : `Punkte der letzten ${n} Partien`,
  statsHistory: "Beendete Partien", statsWon: "Sieg", statsFair: "per Link",
  statsComputer: (level) => `Computer (${level})`, statsExport: "Exportieren (JSON)",
  statsDeleteAll: "Alle löschen", statsDeleteAllAsk: (n) => n === 1 ? "Die eine Partie wirklich aus der Statistik löschen?" : `Alle ${n} Partien wirklich aus der Statistik löschen?`,
  statsDeleteAsk: "Diese Partie wirklich aus der Statistik löschen?", statsYesDelete: "Ja, löschen", statsCancel: "Abbrechen",
  statsBroken: (n) => n === 1 ? "Ein unlesbarer Eintrag wird übergangen." : `${n} unlesbare Einträge werden übergangen.`,
  statsKept: (n) => `Es werden die letzten ${n} Partien aufbewahrt.`, statsGameNo: "Partie",
  statsShowAll: (n) => `Alle ${n} Partien zeigen`,
});
Object.assign(TEXTS.en, {
  statistics: "Statistics", statsTitle: "Statistics and finished games", statsGame: "Game",
  statsNone: "No finished game yet. When a game ends on this device, it shows here.",
  statsPlayers: "Player", statsGames: "Games", statsWins: "Wins", statsAverage: "Avg. points", statsBest: "Best",
  statsPointsBy: "Points by source (average per game)", statsCounts: "Further figures (average per game)",
  statsChart: (n) => n === 1 ? "Points in the last game" : `Points in the last ${n} games`,
  statsHistory: "Finished games", statsWon: "won", statsFair: "by link",
  statsComputer: (level) => `Computer (${level})`, statsExport: "Export (JSON)",
  statsDeleteAll: "Delete all", statsDeleteAllAsk: (n) => n === 1 ? "Really delete the one game from the statistics?" : `Really delete all ${n} games from the statistics?`,
  statsDeleteAsk: "Really delete this game from the statistics?", statsYesDelete: "Yes, delete", statsCancel: "Cancel",
  statsBroken: (n) => n === 1 ? "One unreadable entry is skipped." : `${n} unreadable entries are skipped.`,
  statsKept: (n) => `The last ${n} games are kept.`, statsGameNo: "Game",
  statsShowAll: (n) => `Show all ${n} games`,
});

// What a browser lacks (capabilities.mjs), said where the player looks, with a way on.
Object.assign(TEXTS.de, {
  capNoLive: (game, host) => `Dieser Browser kann nicht live verbinden: Ihm fehlt WebRTC (so ist es z. B. in Safari im Blockierungsmodus). Der Link ist in Ordnung. ${host} und du könnt „${game}“ trotzdem zusammen spielen – per Link: Jeder Zug geht als Link hin und her.`,
  capByLink: (game) => `„${game}“ per Link spielen`,
  capNoLiveHost: "Live-Spiel geht in diesem Browser nicht: Ihm fehlt WebRTC. Spiel per Link geht.",
  capStorageDenied: "Dieser Browser lässt die Seite nichts speichern (privater Modus oder gesperrt): Ein Spiel geht verloren, wenn du die Seite schließt. Mit „Exportieren“ kannst du es als Datei behalten.",
  capStorageFull: "Der Speicher dieses Browsers ist voll: Neue Spielstände werden nicht gespeichert. Lösche alte Spiele unten oder exportiere ein Spiel als Datei.",
  capNoOffline: "Dieser Browser hält das Spiel nicht für unterwegs bereit (kein Service Worker, z. B. im privaten Modus): Ohne Netz lädt die Seite nicht. Spielen geht wie sonst.",
  loadingBytes: (done, total) => `Das Spiel wird geladen: ${done} von ${total} MB …`,
  loadingStep: { start: "Das Spiel wird geladen: Python startet …", engine: "Das Spiel wird geladen: die Spielregeln …" },
});
Object.assign(TEXTS.en, {
  capNoLive: (game, host) => `This browser cannot connect live: it lacks WebRTC (as Safari in Lockdown Mode does, for one). The link is fine. ${host} and you can still play “${game}” together by link: each move goes back and forth as a link.`,
  capByLink: (game) => `Play “${game}” by link`,
  capNoLiveHost: "Live play does not work in this browser: it lacks WebRTC. Play by link works.",
  capStorageDenied: "This browser lets the page keep nothing (private mode or blocked): a game is lost when you close the page. “Export” keeps it as a file.",
  capStorageFull: "This browser's storage is full: new saves are not kept. Delete old games below or export a game as a file.",
  capNoOffline: "This browser does not keep the game for offline use (no service worker, e.g. in private mode): without a network the page does not load. Playing works as usual.",
  loadingBytes: (done, total) => `Loading the game: ${done} of ${total} MB …`,
  loadingStep: { start: "Loading the game: Python starts …", engine: "Loading the game: the rules …" },
});
