// Jäger und Späher: the rules dialog's text and the note on passing a game on by link
// (the game object declares them; texts unchanged from web/js/rules.mjs).

export const RULES = {
    de: `
<h3>Jäger und Späher</h3>
<p><b>Aufbau:</b> Jeder Stamm hat 2 Mitglieder auf der Stammeskarte, 1 im Höhlenlager, 2 im Vorrat, 2 Hunger.
Zwei Wildniskarten liegen offen. Startspieler ist, wer im Menü zuerst sitzt. Einführungsspiel: 10 Punkte, je
2 Gegenstände, in der Auslage 3 Kundschafter, jeder unter einem Schamanen (einer davon der besondere Schamane).
Normales Spiel: 3 Punkte, Startspieler 1 Gegenstand, der andere 2, dazu je ein Schamane, 6 zufällige besondere
Charaktere in 3 Spalten und 3 Heilige Orte.</p>
<p><b>Dein Zug – eine von drei Aktionen:</b></p>
<ul>
<li><b>Charakter ausspielen:</b> seine Anweisungen der Reihe nach, jede „bis zu“ ihrer Zahl (du darfst
aufhören); dann kommt die Karte auf die Spalte mit den wenigsten Karten (bei Gleichstand wählst du). Auf Orte
schickst du nur Mitglieder, die auf deiner Stammeskarte stehen.</li>
<li><b>Mitglieder zurückholen:</b> beliebig viele; jedes <b>kann</b> einen freien Rohstoff seines Ortes
mitbringen, der mit einem Verbrauchsstein abgedeckt wird – oder mit leeren Händen kommen. Sofort einsetzen:
Fleisch = 1 Hunger ablegen, 2 Felle = ein Mitglied aus dem Vorrat ins Höhlenlager, sonst Gegenstände genau
bezahlen (Punkte sofort). Übriges verfällt. Ist der letzte Rohstoff eines Ortes abgedeckt, verlässt er das
Spiel; wer noch darauf steht, geht mit leeren Händen heim.</li>
<li><b>Sonnenuntergang:</b> +1 je Mitglied auf Stammeskarte, Orten und Heiligen Orten, −1 je Hunger, −1 je
Handkarte (vorzeitig); nie unter 0. Dann +1 Hunger je solchem Mitglied; bei 8 Hunger ein Mitglied (deiner Wahl)
in den Vorrat abgeben und 3 Hunger ablegen, so oft wie nötig. Normales Spiel: alle noch nicht erschaffenen
Gegenstände bis auf einen ablegen. Dann 6 (Einführung) bzw. 5–7 freiliegende Charaktere nehmen.</li>
</ul>
<p><b>Beispiel:</b> 4 Mitglieder im Spiel, 1 Hunger, keine Handkarte: +3 Punkte, danach 5 Hunger – also
vorher auf die Jagd!</p>
<p><b>Heilige Orte</b> (normales Spiel): Dort dürfen beliebig viele Mitglieder stehen, aber nur die eines
Spielers. Sobald eine Seite dort mehr Mitglieder hat als die andere, gehen die der anderen Seite zurück auf ihre
Stammeskarte – das wird nach jeder Aktion geprüft, auch nach dem Zurückholen. Die Mitglieder, die ein Charakter
oder Gegenstand hinschickt, kommen gemeinsam an: Ein einzelnes Mitglied neben zwei fremden geht sofort wieder
heim. Bei Gleichstand bleiben beide. Ein Heiliger Ort wirkt zu seinem Auslöser (Sonnenuntergang, Hinstellen
oder Erschaffen) für jeden, der dann dort steht; Zurückholen von dort bringt nichts.</p>
<p><b>Ende:</b> Wer 24 Punkte erreicht, beendet das Spiel; war es der Startspieler, hat der andere noch einen
Zug. Es gewinnt, wer weiter über 24 kommt; bei Gleichstand der Nachziehende.</p>
<h4>Unsere Regeln</h4>
<ul>
<li><b>Höchstens 3 Mitglieder je Ort</b> (Wildnis, Jagdgebiet) – beide Spieler zusammen; und nur auf Orte mit
einem freien Rohstoff.</li>
<li><b>Nachwuchs:</b> holt Mitglieder aus dem Höhlenlager auf die Stammeskarte; ist das Höhlenlager leer,
kommen sie aus dem Vorrat.</li>
<li><b>Wer beim Zurückholen hingestellt wird</b> (durch einen gerade erschaffenen Gegenstand wie den Speer),
bleibt in diesem Zug stehen.</li>
<li><b>Leerer Stapel:</b> Ein Charakter, der einen Ort aufdeckt und Mitglieder „auf die neue Karte“ schickt,
schickt sie auf beliebige offene Karten dieser Art, wenn der Stapel leer ist. Ein leerer Gegenstandsstapel gibt
nichts.</li>
<li><b>Die Jagd ist vorbei:</b> Ist kein Fleisch mehr im Spiel (Jagdstapel leer, kein offenes Fleisch), endet das
Spiel, sobald beide noch einen Sonnenuntergang hatten.</li>
<li><b>Stillstand:</b> Hatte jeder zwei Sonnenuntergänge, seit zuletzt irgendjemand Punkte gewonnen hat, endet
das Spiel nach dieser Runde. Als letztes Sicherheitsnetz endet es nach der Runde, in der 300 Züge gespielt sind.</li>
<li><b>Gleichstand ohne 24 Punkte</b> (Jagd vorbei, Stillstand, 300 Züge): Es gewinnt, wessen Stamm jetzt bei
einem Sonnenuntergang mehr bekäme (Mitglieder − Hunger − Handkarten); ist auch das gleich, der Nachziehende.</li>
<li><b>Verbrauchssteine:</b> Die Schachtel hat 30; unsere Orte brauchen in den meisten Partien mehr (bis etwa 60
auf einmal). Am echten Tisch nehmt für den Rest beliebige Marker.</li>
<li>Gegenstände zählen beim Erschaffen; die Charaktere auf der Hand sind für beide sichtbar.</li>
</ul>
<p class="reconstructed"><b>Über diese Umsetzung:</b> Von den Karten dieses Spiels kennen wir nur die Anzahlen, die
Rohstoffe, einige Namen und die Rollen der Charaktere. Die Texte der 31 Gegenstände, der 36 Orte, der
6 Heiligen Orte, von 8 der 12 besonderen Charaktere und die genauen Zahlen auf den Charakteren sind
<b>unsere Rekonstruktion</b>, und wo die Spielregel schweigt, haben wir entschieden. Alle diese Regeln von uns
stehen oben unter „Unsere Regeln“. Wer die Schachtel besitzt und eine Karte anders kennt, kann sie in der
Kartenliste des Spiels berichtigen – das Spiel liest jede Karte von dort.</p>`,
    en: `
<h3>Hunters and Scouts</h3>
<p><b>Setup:</b> each tribe has 2 members on the tribe card, 1 in the cave camp, 2 in the supply, 2 hunger.
Two wilderness cards lie open. The start player is whoever sits first in the menu. Intro game: 10 points,
2 items each, and on display 3 Advanced Scouts, each under a Shaman (one of them the special Shaman). Normal
game: 3 points, the start player 1 item, the other 2, a Shaman each, 6 random special characters in 3 columns
and 3 sacred sites.</p>
<p><b>Your turn – one of three actions:</b></p>
<ul>
<li><b>Play a character:</b> its instructions in order, each “up to” its number (you may stop); then the card
goes onto the column with the fewest cards (you choose on a tie). Only members standing on your tribe card can
be sent to locations.</li>
<li><b>Recall members:</b> any number; each <b>may</b> bring one free resource of its location, covered by a
consumption stone – or come home empty-handed. Use them at once: meat = discard 1 hunger, 2 skins = a member
from the supply into the cave camp, otherwise pay items exactly (points at once). The rest is lost. When the
last resource of a location is covered, it leaves the game; members still on it go home with nothing.</li>
<li><b>Sunset:</b> +1 per member on the tribe card, on locations and on sacred sites, −1 per hunger, −1 per hand
card (early); never below 0. Then +1 hunger per such member; at 8 hunger give up a member of your choice to the
supply and discard 3, as often as needed. Normal game: discard all uncreated items but one. Then take 6 (intro)
or 5–7 exposed characters.</li>
</ul>
<p><b>Example:</b> 4 members in play, 1 hunger, no hand card: +3 points, then 5 hunger – so hunt first!</p>
<p><b>Sacred sites</b> (normal game): any number of members may stand there, but only one player's. As soon as
one side has more members there than the other, the other side's members go back to their tribe card – checked
after every action, recalls included. The members one character or item sends arrive together: a single member
beside two of the opponent's goes home at once. On a tie both stay. A sacred site works at its trigger (sunset,
placing or creating) for whoever then stands there; recalling from a site brings nothing.</p>
<p><b>End:</b> reaching 24 points ends the game; if the start player did, the other has one more turn. Whoever
is further past 24 wins; a tie goes to the second player.</p>
<h4>Our rules</h4>
<ul>
<li><b>At most 3 members per location</b> (wilderness, hunting ground) – both players together; and only onto
locations with a free resource.</li>
<li><b>Offspring:</b> brings members from the cave camp to the tribe card; when the cave camp is empty, they come
from the supply.</li>
<li><b>A member placed during a recall</b> (by an item just created, such as the Spear) stays out for that
turn.</li>
<li><b>Empty deck:</b> a character that reveals a location and sends members “to the new card” sends them to any
open card of that kind when the deck is empty. An empty item deck gives nothing.</li>
<li><b>The hunt is over:</b> with no meat left (hunting deck empty, no open meat), the game ends once both players
have had one more sunset.</li>
<li><b>Stalled game:</b> once each player has had two sunsets since anyone last gained points, the game ends
after that round. As a last safety net it ends after the round in which 300 turns have been played.</li>
<li><b>A tie without 24 points</b> (hunt over, stalled, 300 turns): the tribe that would score more at a sunset
now (members − hunger − hand cards) wins; if that is equal too, the second player.</li>
<li><b>Consumption stones:</b> the box has 30; our locations need more in most games (up to about 60 at once). At
a real table use any markers for the rest.</li>
<li>Items score when created; the characters in hand are open to both players.</li>
</ul>
<p class="reconstructed"><b>About this version:</b> of this game's cards we know only the counts, the resources, some
names and the roles of the characters. The texts of the 31 items, the 36 locations, the 6 sacred sites, 8 of
the 12 special characters and the exact numbers on the characters are <b>our reconstruction</b>, and where the
rules are silent we decided. All these rules of ours are listed above under “Our rules”. If you own the box
and know a card differently, it can be corrected in the game's card list – the game reads every card from
there.</p>`,
};

export const SHARE_NOTE = {
    de: "Der Link enthält das ganze Spiel, auch die verdeckten Gegenstände und Stapel. Ohne Server lässt sich das nicht verbergen – spiele per Link nur mit Menschen, denen du vertraust.",
    en: "The link holds the whole game, including the hidden items and decks. Without a server this cannot be hidden – play by link only with people you trust.",
};
