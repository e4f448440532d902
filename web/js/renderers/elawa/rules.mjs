// Elawa's rules text for the rules dialog and its note for passing a game on by link.

// the rules dialog (our own summary of the rules, HTML)
export const rules = {
  de: `
<h3>Elawa</h3>
<p><b>Aufbau:</b> 6 offene Kartenstapel à 10 um das Feuer, davor je ein offener Rohstoffstapel à
5; auf dem Feuer 6/8/10 verdeckte Rohstoffe (2/3/4 Spieler); die übrigen Rohstoffe bilden verdeckt
den Vorrat. Es beginnt die niedrigste Häuptlingszahl.</p>
<p><b>Zug in vier Schritten:</b> 1. Nimm eine sichtbare Karte auf die Hand und so viele Rohstoffe
wie die Zahl im dunklen Kreis der Karte: je den obersten der folgenden Stapel im Uhrzeigersinn. Leert sich ein
Stapel, nimmst du 1 vom Feuer dazu, und der Stapel wird mit 5 aus dem Vorrat neu gebildet.
2. Spiele beliebig viele Karten aus und bezahle ihre Rohstoffe (Knochen ersetzen jeden Rohstoff;
mit Opfer-Symbol zusätzlich eine andere Handkarte ablegen). 3. Lege auf jede Vorratskarte höchstens
1 passenden Rohstoff (oder Knochen). 4. Behalte höchstens so viele Rohstoffe, wie dein Häuptling
Plätze hat (4, fortgeschritten 3).</p>
<p><b>Ende:</b> Ist das Feuer leer, wird die Runde zu Ende gespielt. Punkte: Urmenschen fest;
Hütten je Karte einer Farbe; Werkzeuge je Karte einer Art; Vorratskarten je Rohstoff darauf.
Gleichstand: mehr Rohstoffe; sonst geteilter Sieg.</p>
<p><b>Am Tisch:</b> „Zeichen erklärt“ neben der Aufforderung des Zuges erklärt jedes Zeichen; mit der Maus
auf eine Karte zeigen, lange drücken oder mit der Tabulatortaste hingehen zeigt sie groß mit ihrer Wirkung.</p>
<h4>Beispiel</h4>
<p>Vorratskarte „2 je verschiedene Sorte“ mit 4 Sorten: 8. Werkzeug „3 je Urmensch“ bei 3 Urmenschen: 9.
Urmenschen mit 6, 16 und 3 Punkten: 25. Zusammen 42.</p>`,
  en: `
<h3>Elawa</h3>
<p><b>Setup:</b> 6 face-up card stacks of 10 around the fire, each with a face-up resource stack
of 5 in front; 6/8/10 hidden resources on the fire (2/3/4 players); the remaining resources form
the face-down supply. The lowest chief number starts.</p>
<p><b>A turn in four steps:</b> 1. Take a visible card into your hand and as many resources as its
number (in the dark circle on the card): the top one of each following stack, clockwise. When a stack runs out, take 1
from the fire as well, and the stack is rebuilt with 5 from the supply. 2. Play any number of cards,
paying their resources (bones replace any resource; a sacrifice symbol also costs another hand
card). 3. Put at most 1 matching resource (or a bone) on each storage card. 4. Keep at most as many
resources as your chief has places (4, advanced 3).</p>
<p><b>End:</b> when the fire is empty the round is completed. Points: cavemen fixed; huts per
card of a colour; tools per card of a kind; storage cards per resource on them. Tie: more
resources; otherwise a shared victory.</p>
<p><b>At the table:</b> “Symbols explained” beside the turn's prompt explains every symbol; point at a card
with the mouse, press it long or move to it with the Tab key to see it large with what it does.</p>
<h4>Example</h4>
<p>Storage card "2 per different kind" with 4 kinds: 8. Tool "3 per caveman" with 3 cavemen: 9.
Cavemen worth 6, 16 and 3: 25. Total 42.</p>`,
};

// what a link to a game gives away
export const shareNote = {
  de: "Der Link enthält das ganze Spiel, auch die verdeckten Stapel und Handkarten. Ohne Server lässt sich das nicht verbergen – spiele per Link nur mit Menschen, denen du vertraust.",
  en: "The link holds the whole game, including the hidden stacks and hands. Without a server this cannot be hidden – play by link only with people you trust.",
};
