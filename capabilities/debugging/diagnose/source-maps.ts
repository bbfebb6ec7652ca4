/**
 * Maps a position in generated JavaScript back to the original source through the file's source map
 * (`//# sourceMappingURL=` naming a `.map` file beside it, or an inline `data:` URL), with Mozilla's
 * `source-map` package. The map's `sources` resolve against the map's folder and `sourceRoot`; a
 * source the workspace does not have is still reported (with the text the map embeds, if any).
 */
import path from 'node:path';
import sourceMap from 'source-map';
import type { CapabilityContext } from '../../../core/index.js';
import { SOURCE_MAP_COMMENT } from '../explain/project-lines.js';

export interface MappedPosition {
  file: string;
  line: number;
  column: number;
  /** The original name at that position (the function or variable), when the map records one. */
  name?: string;
  /** False when the original file is not in the workspace (only in the map). */
  inWorkspace: boolean;
  /** The original text, from the workspace or the map's `sourcesContent`. */
  source: string | null;
}

interface LoadedMap {
  consumer: sourceMap.SourceMapConsumer;
  mapDir: string;
}

export class SourceMaps {
  private readonly maps = new Map<string, LoadedMap | null>();
  constructor(private readonly ctx: CapabilityContext) {}

  /** Workspace path of the generated file; 1-based line and column as stack traces print them. */
  async map(file: string, line: number, column: number): Promise<MappedPosition | null> {
    const loaded = await this.load(file);
    if (!loaded) return null;
    const pos = loaded.consumer.originalPositionFor({
      line,
      column: Math.max(0, column - 1),
      bias: sourceMap.SourceMapConsumer.GREATEST_LOWER_BOUND,
    });
    const found =
      pos.source && pos.line
        ? pos
        : loaded.consumer.originalPositionFor({
            line,
            column: Math.max(0, column - 1),
            bias: sourceMap.SourceMapConsumer.LEAST_UPPER_BOUND,
          });
    if (!found.source || !found.line) return null;
    const original = path.posix.normalize(
      path.posix.join(loaded.mapDir, found.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^file:\/\//, '')),
    );
    const inWorkspace = !original.startsWith('..') && !path.posix.isAbsolute(original) && (await this.ctx.workspace.exists(original));
    const source = inWorkspace ? await this.ctx.workspace.read(original) : loaded.consumer.sourceContentFor(found.source, true);
    const out: MappedPosition = { file: original, line: found.line, column: (found.column ?? 0) + 1, inWorkspace, source };
    if (found.name) out.name = found.name;
    return out;
  }

  private async load(file: string): Promise<LoadedMap | null> {
    if (this.maps.has(file)) return this.maps.get(file)!;
    let loaded: LoadedMap | null = null;
    try {
      const text = await this.ctx.workspace.read(file);
      const url = SOURCE_MAP_COMMENT.exec(text.trimEnd())?.[0]
        .replace(/^\/\/[#@] sourceMappingURL=/, '')
        .trim();
      if (url) loaded = await this.parse(file, url);
    } catch {
      loaded = null;
    }
    this.maps.set(file, loaded);
    return loaded;
  }

  private async parse(file: string, url: string): Promise<LoadedMap | null> {
    const inline = /^data:application\/json(?:;charset=[\w-]+)?;base64,(.+)$/.exec(url);
    const raw = inline
      ? Buffer.from(inline[1]!, 'base64').toString('utf8')
      : await this.ctx.workspace.read(path.posix.join(path.posix.dirname(file), decodeURIComponent(url)));
    const json = JSON.parse(raw) as sourceMap.RawSourceMap;
    const mapFile = inline ? file : path.posix.join(path.posix.dirname(file), decodeURIComponent(url));
    const mapDir = path.posix.join(path.posix.dirname(mapFile), json.sourceRoot ?? '');
    json.sourceRoot = '';
    return { consumer: new sourceMap.SourceMapConsumer(json), mapDir };
  }
}
