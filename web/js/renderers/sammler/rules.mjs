// The rules of Carcassonne – Jäger und Sammler in our own words, German and English, and what
// sharing a game by link gives away. Static text only.

export const rules = {
  de: `
<h3>Carcassonne – Jäger und Sammler</h3>
<p><b>Zug:</b> Ziehe eine Landschaftskarte und lege sie an: mindestens eine Seite berührt eine
ausliegende Karte (Ecken zählen nicht), und Wälder, Flüsse und Wiesen laufen weiter. Passt sie
nirgends, kommt sie aus dem Spiel und du ziehst neu. Dann darfst du <b>eine</b> Figur aus deinem
Vorrat auf genau diese Karte setzen: Sammler in einen Wald, Fischer auf einen Fluss, Jäger
(liegend) auf eine Wiese, oder eine Hütte auf Fluss oder See – aber nur, wenn auf dem ganzen
verbundenen Gebiet (für Hütten: dem ganzen Flusssystem) noch keine Figur dieser Art steht.
Hütten und Fischer stören sich nicht.</p>
<p><b>Fertige Flüsse</b> (beide Enden See oder Quelle, oder ein Ring): 1 Punkt je Abschnitt,
+1 je Fisch in den begrenzenden Seen. <b>Fertige Wälder</b> (keine offene Seite): 2 Punkte je
Karte, +2 je Pilzgruppe. Wer die meisten Figuren darauf hat, punktet; bei Gleichstand alle
voll. Sammler und Fischer kommen danach zurück – auch im selben Zug.</p>
<p><b>Gold:</b> Wer einen Wald mit Goldklumpen fertigstellt, zieht eine Bonuskarte und legt sie
sofort (mit Figur, wenn er will). Ein Wald, den eine Bonuskarte fertigstellt, bringt keine
weitere Bonuskarte.</p>
<p><b>Schluss</b> nach dem Zug mit der letzten Landschaftskarte. <b>Hütten:</b> je Flusssystem
punktet die Mehrheit 1 je Fisch im ganzen System. <b>Jäger:</b> je Wiese punktet die Mehrheit
2 je Mammut, Auerochse und Wild; jeder Tiger frisst ein Wild (nie unter 0), Feuer vertreibt alle
Tiger. Wer die Kultstätte legt und im selben Zug einen Jäger auf ihre Wiese setzt, wertet diese
Wiese allein.</p>
<h4>Beispiele</h4>
<ul>
<li>Fluss mit 3 Abschnitten zwischen Seen mit 1 und 2 Fischen: <b>Rot erhält 6 Punkte.</b></li>
<li>Fluss mit 2 Abschnitten zwischen Quelle und See mit 1 Fisch: <b>Rot erhält 3 Punkte</b> – auch wenn Blau ihn fertigstellt.</li>
<li>Wald aus 2 Karten: <b>Rot erhält 4 Punkte.</b> Wald aus 5 Karten mit Gold: <b>Rot erhält 10 Punkte</b>, und wer ihn schloss, zieht eine Bonuskarte.</li>
<li>Flusssystem mit 5 Fischen und einer blauen Hütte: <b>Blau erhält 5 Punkte.</b></li>
<li>Wiese mit 1 Wild: 2 Punkte. 1 Wild, 1 Mammut, 1 Tiger, je ein Jäger von Gelb und Rot: beide 2 Punkte.
2 Wild, 2 Mammuts, 1 Auerochse, 1 Tiger, Rot mit den meisten Jägern: Rot allein 8. 2 Tiger, 1 Wild: 0 Punkte.</li>
</ul>`,
  en: `
<h3>Carcassonne – Hunters and Gatherers</h3>
<p><b>Turn:</b> draw a landscape tile and place it: at least one side touches a placed tile
(corners do not count), and forests, rivers and meadows continue. If it fits nowhere it leaves
the game and you draw again. Then you may put <b>one</b> figure from your supply on that tile:
a gatherer in a forest, a fisher on a river, a hunter (lying) on a meadow, or a hut on a river or
lake – only if the whole connected area (for huts: the whole river system) has no figure of that
kind yet. Huts and fishers do not block each other.</p>
<p><b>Complete rivers</b> (both ends lake or spring, or a loop): 1 point per section, +1 per
fish in the lakes at its ends. <b>Complete forests</b> (no open side): 2 points per tile, +2 per
mushroom group. The most figures score; ties all score in full. Gatherers and fishers come back
afterwards – even in the same turn.</p>
<p><b>Gold:</b> whoever completes a forest showing gold draws a bonus tile and places it at once
(with a figure if they like). A forest completed by a bonus tile gives no further bonus tile.</p>
<p><b>End</b> after the turn with the last landscape tile. <b>Huts:</b> per river system the
majority scores 1 per fish in the whole system. <b>Hunters:</b> per meadow the majority scores 2
per mammoth, aurochs and deer; each tiger eats one deer (never below 0), fire drives all tigers
away. Whoever places the cult site and, in the same turn, a hunter on its meadow scores that
meadow alone.</p>
<h4>Examples</h4>
<ul>
<li>A river of 3 sections between lakes with 1 and 2 fish: <b>Red scores 6.</b></li>
<li>A river of 2 sections between a spring and a lake with 1 fish: <b>Red scores 3</b> – even if Blue completes it.</li>
<li>A forest of 2 tiles: <b>Red scores 4.</b> A forest of 5 tiles with gold: <b>Red scores 10</b>, and whoever closed it draws a bonus tile.</li>
<li>A river system with 5 fish and one blue hut: <b>Blue scores 5.</b></li>
<li>A meadow with 1 deer: 2 points. 1 deer, 1 mammoth, 1 tiger, one hunter each of Yellow and Red: both score 2.
2 deer, 2 mammoths, 1 aurochs, 1 tiger, Red with most hunters: Red alone 8. 2 tigers, 1 deer: 0 points.</li>
</ul>`,
};

export const shareNote = {
  de: "Der Link enthält das ganze Spiel, auch die gemischte Reihenfolge der Karten. Wer den Link zerlegt, könnte die kommenden Karten erfahren – spiele per Link nur mit Menschen, denen du vertraust.",
  en: "The link holds the whole game, including the shuffled order of the tiles. Someone who takes the link apart could learn the coming tiles – play by link only with people you trust.",
};
