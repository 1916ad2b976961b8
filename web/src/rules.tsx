// A rules file (docs/rules/<name>.md, served by satrap) rendered as a page
// at /rules/<name>: without the ".md", so that satrap answers a reload of
// the page with index.html (a path whose last segment has an extension is
// looked up as a file).
import { useEffect, useState } from "preact/hooks";
import { marked } from "marked";
import { link } from "./router";

export function RulesPage({ name }: { name: string }) {
  const file = name.endsWith(".md") ? name : `${name}.md`;
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    fetch(`/docs/rules/${encodeURIComponent(file)}`)
      .then(async (r) => {
        if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
        // The files are the project's own rules specifications.
        setHtml(await marked.parse(await r.text()));
      })
      .catch((e) => setError(`Cannot load the rules: ${e instanceof Error ? e.message : e}`));
  }, [file]);
  useEffect(() => { document.title = "Rules · satrap"; }, []);
  return (
    <div class="page rules">
      <p><a href="/" onClick={link}>← lobby</a> · <a href={`/docs/rules/${file}`}>plain text</a></p>
      {error && <p class="error" role="alert">{error}</p>}
      {html === null ? <p>Loading…</p> : <article dangerouslySetInnerHTML={{ __html: html }} />}
    </div>
  );
}
