import { Combobox, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Suggestions } from './use-suggestions';

const useStyles = makeStyles({
  combobox: { flexGrow: 1, minWidth: 0, borderTopRightRadius: 0, borderBottomRightRadius: 0 },
  note: { padding: '8px 12px', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface SearchComboboxProps {
  text: string;
  placeholder: string;
  autoFocus: boolean;
  onTextChange: (text: string) => void;
  onSearch: (keyword: string) => void;
  suggestions: Suggestions;
}

/**
 * The search box proper: Fluent's Combobox with suggestions. Fluent has no async typeahead
 * (microsoft/fluentui issue 31188), so `useSuggestions` decides when to ask and the Combobox only arranges the answer.
 * Enter searches the typed text unless the buyer moved onto a suggestion with the arrow keys. Loaded after the
 * first paint (ADR 0302); `SearchBox` shows a plain input of the same name until then.
 */
export function SearchCombobox({
  text,
  placeholder,
  autoFocus,
  onTextChange,
  onSearch,
  suggestions,
}: SearchComboboxProps) {
  const styles = useStyles();
  // Arriving focused with text typed into the stand-in (SearchBox), the suggestions show as if typed here.
  const [open, setOpen] = useState(() => autoFocus && text.trim() !== '');
  const [movedOntoOption, setMovedOntoOption] = useState(false);
  const hasText = text.trim() !== '';

  return (
    <Combobox
      className={styles.combobox}
      freeform
      aria-label="搜索"
      placeholder={placeholder}
      autoFocus={autoFocus}
      value={text}
      selectedOptions={[]}
      open={open && hasText}
      expandIcon={null}
      onOpenChange={(_event, data) => setOpen(data.open && hasText)}
      onActiveOptionChange={(_event, data) => {
        if (!data.nextOption) setMovedOntoOption(false);
      }}
      onChange={(event) => {
        const value = event.target.value;
        onTextChange(value);
        setMovedOntoOption(false);
        setOpen(value.trim() !== '');
        suggestions.input(value);
      }}
      onCompositionStart={() => suggestions.compositionStart()}
      onCompositionEnd={(event) => {
        const value = event.currentTarget.value;
        onTextChange(value);
        suggestions.compositionEnd(value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setMovedOntoOption(true);
        if (event.key === 'Escape') setOpen(false);
        // While composing, Enter commits the input method's text; it is not a search.
        if (event.key === 'Enter' && !event.nativeEvent.isComposing && !(open && movedOntoOption)) {
          event.preventDefault();
          setOpen(false);
          suggestions.submitted();
          onSearch(text);
        }
      }}
      onBlur={() => setOpen(false)}
      onOptionSelect={(event, data) => {
        const picked = data.optionText ?? data.optionValue;
        if (!picked) return;
        // Enter without arrow keys was already handled above as a search of the typed text.
        if (event.type === 'keydown' && !movedOntoOption) return;
        setOpen(false);
        suggestions.submitted();
        onSearch(picked);
      }}
    >
      {suggestions.state.status !== 'done' ? (
        <div className={styles.note} role="status">
          搜索中…
        </div>
      ) : suggestions.state.suggestions.length === 0 ? (
        <div className={styles.note} role="status">
          暂无数据
        </div>
      ) : (
        suggestions.state.suggestions.map((suggestion) => (
          <Option key={suggestion} value={suggestion} text={suggestion}>
            {suggestion}
          </Option>
        ))
      )}
    </Combobox>
  );
}
