/** The language service's formatting settings and preferences from the project's detected code style, so generated text matches it. */
import { ts } from 'ts-morph';
import type { CodeStyle } from '../../../core/index.js';

export function formatSettings(style: CodeStyle): ts.FormatCodeSettings {
  return {
    ...ts.getDefaultFormatCodeSettings('\n'),
    indentSize: style.indent.style === 'tab' ? 4 : style.indent.size,
    tabSize: style.indent.style === 'tab' ? 4 : style.indent.size,
    convertTabsToSpaces: style.indent.style !== 'tab',
    semicolons: style.semicolons ? ts.SemicolonPreference.Insert : ts.SemicolonPreference.Remove,
  };
}

export function userPreferences(style: CodeStyle): ts.UserPreferences {
  return {
    quotePreference: style.quotes,
    allowTextChangesInNewFiles: true,
    provideRefactorNotApplicableReason: true,
    // "auto" keeps whatever the file's existing imports do (e.g. ".js" endings under NodeNext).
    importModuleSpecifierEnding: 'auto',
  };
}
