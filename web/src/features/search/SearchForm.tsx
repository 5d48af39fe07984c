import { Button, makeStyles, ToggleButton } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons/svg/search';
import type { SearchBy } from '../../gql/graphql';
import { SEARCH_MODES, searchPlaceholder } from './search-modes';
import { SearchCombobox } from './SearchCombobox';
import { useSuggestions } from './use-suggestions';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '4px', flexGrow: 1, minWidth: 0, maxWidth: '560px' },
  switch: { display: 'flex', gap: '2px', height: '24px' },
  row: { display: 'flex', alignItems: 'stretch', minWidth: 0, height: '32px' },
  button: {
    minWidth: '96px',
    borderTopLeftRadius: 0,
    borderBottomLeftRadius: 0,
  },
});

export interface SearchFormProps {
  text: string;
  by: SearchBy;
  autoFocus: boolean;
  onTextChange: (text: string) => void;
  onByChange: (by: SearchBy) => void;
  onSearch: (keyword: string) => void;
}

/** The Fluent search form: 药品名/厂家 switch, the combobox named 搜索 and the search button. */
export default function SearchForm({ text, by, autoFocus, onTextChange, onByChange, onSearch }: SearchFormProps) {
  const styles = useStyles();
  const suggestions = useSuggestions(by, text, autoFocus);
  return (
    <form
      className={styles.form}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        suggestions.submitted();
        onSearch(text);
      }}
    >
      <div className={styles.switch} role="group" aria-label="搜索方式">
        {SEARCH_MODES.map(([value, label]) => (
          <ToggleButton
            key={value}
            size="small"
            appearance={by === value ? 'primary' : 'subtle'}
            checked={by === value}
            onClick={() => onByChange(value)}
          >
            {label}
          </ToggleButton>
        ))}
      </div>
      <div className={styles.row}>
        <SearchCombobox
          text={text}
          placeholder={searchPlaceholder(by)}
          autoFocus={autoFocus}
          onTextChange={onTextChange}
          onSearch={onSearch}
          suggestions={suggestions}
        />
        <Button className={styles.button} appearance="primary" type="submit" icon={<SearchRegular />}>
          搜索
        </Button>
      </div>
    </form>
  );
}
