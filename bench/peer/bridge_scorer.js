// The peer of bench/scoring.py: the bridge-scorer npm package scores the same Epson-scale field
// (matchpoints per board, each pair's total and percentage, then the ranking), timed inside Node.
//   node bench/peer/bridge_scorer.js <node_modules dir> <field.json> <repeat>
// field.json: [[ns score of result i on board b, ...] per board]; result i is pair N<i> v E<i>.
'use strict';
const fs = require('fs');
const path = require('path');

const scorer = require(path.join(process.argv[2], 'bridge-scorer'));
const field = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const repeat = Number(process.argv[4] || 3);

// The input, built outside the clock (as the Python side gets its BoardResults); each pair named
// by one string for the session, as on the Python side.
const names = field[0].map((_, i) => ['N' + i, 'E' + i]);
const boards = field.map(scores => scores.map((score, i) => (
    {contract: {declaror: 'N'}, score: score, ns: names[i][0], ew: names[i][1]})));

function scoreSession() {
    const total = new Map();
    const tops = new Map();
    for (const games of boards) {
        scorer.matchpoints(games);
        const top = 2 * (games.length - 1);
        for (const g of games) {
            total.set(g.ns, (total.get(g.ns) || 0) + g.matchpointsNS.value);
            tops.set(g.ns, (tops.get(g.ns) || 0) + top);
            total.set(g.ew, (total.get(g.ew) || 0) + g.matchpointsEW.value);
            tops.set(g.ew, (tops.get(g.ew) || 0) + top);
        }
    }
    const competitors = [];
    for (const [entrant, mp] of total) {
        competitors.push({entrant: entrant, score: 100 * mp / tops.get(entrant)});
    }
    return scorer.rank(competitors);
}

let best = Infinity;
let bestCpu = Infinity;
let ranked = null;
let heap = 0;
const rssBefore = process.memoryUsage().rss;
for (let k = 0; k < repeat; k++) {
    const heapBefore = process.memoryUsage().heapUsed;
    const start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    ranked = scoreSession();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    bestCpu = Math.min(bestCpu, (used.user + used.system) / 1e6);
    heap = Math.max(heap, process.memoryUsage().heapUsed - heapBefore);
    best = Math.min(best, seconds);
}
process.stdout.write(JSON.stringify({
    seconds: best, cpu_seconds: bestCpu, entrants: ranked.length, first: ranked[0].entrant, first_score: ranked[0].score,
    heap_growth_bytes: heap, rss_growth_bytes: process.memoryUsage().rss - rssBefore,
    rss_bytes: process.memoryUsage().rss, node: process.version,
}) + '\n');
