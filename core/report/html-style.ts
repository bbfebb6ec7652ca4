/** The HTML report's one inline stylesheet (no external assets: the report is a single file). */
export const HTML_STYLE = `
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#ffffff; --soft:#f6f8fa;
  --critical:#8b0a2a; --high:#cf222e; --medium:#bc4c00; --low:#9a6700; --info:#0969da; --mark:#fff1a8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--soft); }
main { max-width: 1080px; margin: 0 auto; padding: 24px; }
h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 28px 0 10px; }
.meta { color: var(--muted); margin: 0 0 18px; }
.cards { display: grid; grid-template-columns: repeat(6, 1fr); gap: 10px; }
.card { background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; border-top: 4px solid var(--muted); }
.card .n { font-size: 28px; font-weight: 600; } .card .l { color: var(--muted); text-transform: capitalize; }
.card.critical { border-top-color: var(--critical); } .card.high { border-top-color: var(--high); }
.card.medium { border-top-color: var(--medium); } .card.low { border-top-color: var(--low); } .card.info { border-top-color: var(--info); }
.panels { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.panel { background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 4px 16px 12px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.failed { color: var(--high); font-weight: 600; }
svg text { font: 12px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; fill: var(--fg); }
.finding { background: var(--bg); border: 1px solid var(--line); border-left: 5px solid var(--muted); border-radius: 8px; margin: 12px 0; padding: 10px 16px; }
.finding.critical { border-left-color: var(--critical); } .finding.high { border-left-color: var(--high); }
.finding.medium { border-left-color: var(--medium); } .finding.low { border-left-color: var(--low); } .finding.info { border-left-color: var(--info); }
.finding h3 { font-size: 15px; margin: 2px 0 4px; font-weight: 600; }
.badge { display: inline-block; font-size: 12px; font-weight: 600; color: #fff; border-radius: 10px; padding: 0 8px; margin-right: 6px; text-transform: uppercase; background: var(--muted); }
.badge.critical { background: var(--critical); } .badge.high { background: var(--high); } .badge.medium { background: var(--medium); }
.badge.low { background: var(--low); } .badge.info { background: var(--info); }
.where { color: var(--muted); font-size: 13px; } .where code { font-size: 13px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre.code { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 0; overflow-x: auto; font-size: 13px; line-height: 1.45; tab-size: 2; margin: 8px 0; }
pre.code span.ln { display: inline-block; width: 4.5em; padding-right: 1em; text-align: right; color: var(--muted); user-select: none; }
pre.code .hit { background: #fff8c5; display: inline-block; min-width: 100%; }
pre.code mark { background: var(--mark); border-bottom: 2px solid var(--medium); color: inherit; }
details { margin: 6px 0 2px; } summary { cursor: pointer; color: var(--info); }
details pre { background: var(--soft); padding: 8px; border-radius: 6px; overflow-x: auto; font-size: 13px; }
.fix { margin: 4px 0; } .empty { color: var(--muted); }
.finding .head { font-weight: 600; margin: 2px 0 4px; } .quiet { color: var(--muted); }
.filters { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; background: var(--soft); padding: 10px 0; border-bottom: 1px solid var(--line); }
.filters select, .filters input[type=search], .filters button { font: inherit; font-size: 14px; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); }
.filters input[type=search] { min-width: 14em; flex: 1; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; }
.chip { border: 1px solid var(--line); border-radius: 14px; padding: 1px 10px; background: var(--bg); cursor: pointer; text-transform: capitalize; font-size: 14px; }
.chip .n { color: var(--muted); }
section.file { margin: 18px 0 8px; } section.file h3 { font-size: 15px; margin: 0 0 4px; word-break: break-all; }
#more { display: block; margin: 16px auto; font: inherit; padding: 6px 18px; }
g.bar { cursor: pointer; } g.bar:hover rect, g.bar:focus rect { opacity: 0.8; }
@media (max-width: 760px) { .cards { grid-template-columns: repeat(3, 1fr); } .panels { grid-template-columns: 1fr; } .filters input[type=search] { min-width: 100%; } }
`;
