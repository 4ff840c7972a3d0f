/**
 * `/test/ui` (signed-in users, as `/test`): every control of the design system (components/ui,
 * docs/ui.md) in each of its states — default, focus, disabled, invalid — each with its label, so
 * a person and an automated checker (axe) can review them. Hover cannot be shown statically: point
 * at a control to see it (the page says so). Nothing here talks to the server.
 */
import { useState, type ReactNode } from 'react';
import '../ui-test.css';
import {
  Badge,
  Button,
  ButtonLink,
  Checkbox,
  DateInput,
  describedBy,
  Field,
  Panel,
  Plus,
  Save,
  Search,
  SearchInput,
  Select,
  StatusBadge,
  Table,
  TabList,
  tabPanelProps,
  Textarea,
  TextInput,
  Trash2,
  type BadgeTone,
} from '../../../components/ui';
import { TICKET_STATUSES } from '../../../../shared/submission';
import { useDocumentTitle } from '../../../lib/document-title';

type State = 'default' | 'focus' | 'disabled' | 'invalid';
const STATES: readonly State[] = ['default', 'focus', 'disabled', 'invalid'];
const STATE_LABEL: Record<State, string> = { default: 'Default', focus: 'Focus', disabled: 'Disabled', invalid: 'Invalid' };
const HINT = 'A hint under the field.';
const ERROR = 'Enter a value in the right format.';

/** The props one state gives a control; `focus` marks the control the "Focus" buttons move to. */
function stateProps(state: State) {
  return { disabled: state === 'disabled', invalid: state === 'invalid', 'data-ui-focus': state === 'focus' ? '' : undefined };
}

function focusFirst(section: string) {
  document.querySelector<HTMLElement>(`#${section} [data-ui-focus]`)?.focus();
}

/** One control shown in the four states, each in a labelled {@link Field}. */
function FieldStates({
  id,
  title,
  render,
}: {
  id: string;
  title: string;
  render: (props: { id: string; 'aria-describedby'?: string } & ReturnType<typeof stateProps>) => ReactNode;
}) {
  return (
    <Panel title={title} headingLevel={3} actions={<FocusButton section={id} />}>
      <div className="ui-test__grid" id={id}>
        {STATES.map((state) => {
          const controlId = `${id}-${state}`;
          const error = state === 'invalid' ? ERROR : undefined;
          return (
            <Field key={state} label={`${title}: ${STATE_LABEL[state].toLowerCase()}`} htmlFor={controlId} hint={HINT} error={error}>
              {render({ id: controlId, 'aria-describedby': describedBy(controlId, { hint: HINT, error }), ...stateProps(state) })}
            </Field>
          );
        })}
      </div>
    </Panel>
  );
}

function FocusButton({ section }: { section: string }) {
  return (
    <Button type="button" size="small" variant="quiet" onClick={() => focusFirst(section)}>
      Focus the “focus” example
    </Button>
  );
}

const TONES: readonly BadgeTone[] = ['neutral', 'info', 'success', 'warning', 'danger'];

/** The design-system test page. */
export function UiTestPage() {
  useDocumentTitle('Design system test');
  const [tab, setTab] = useState<'one' | 'two' | 'three'>('one');
  const [checked, setChecked] = useState(true);
  const [clicks, setClicks] = useState(0);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Design system test</h1>
          <p className="page-header__lead">
            Every control of the portal in each state. Hover: point at a control with the mouse. Focus: press Tab to move
            through the page, or use a panel’s “Focus the ‘focus’ example” button — the focused control gets an orange
            outline.
          </p>
        </div>
      </div>

      <Panel title="Buttons" headingLevel={2} actions={<FocusButton section="ui-buttons" />}>
        <p>
          Clicked {clicks} {clicks === 1 ? 'time' : 'times'}.
        </p>
        <div className="ui-test__rows" id="ui-buttons">
          {(['primary', 'secondary', 'quiet', 'danger'] as const).map((variant) => (
            <div className="ui-test__row" key={variant}>
              <span className="ui-test__row-label">{variant}</span>
              <Button type="button" variant={variant} onClick={() => setClicks((n) => n + 1)}>
                {variant} default
              </Button>
              <Button type="button" variant={variant} data-ui-focus={variant === 'primary' ? '' : undefined} onClick={() => setClicks((n) => n + 1)}>
                {variant} focus
              </Button>
              <Button type="button" variant={variant} disabled>
                {variant} disabled
              </Button>
              <Button type="button" variant={variant} size="small" icon={<Plus />} onClick={() => setClicks((n) => n + 1)}>
                {variant} small with icon
              </Button>
            </div>
          ))}
          <div className="ui-test__row">
            <span className="ui-test__row-label">links</span>
            <ButtonLink to="/test" variant="primary" icon={<Save />}>
              Link as primary button
            </ButtonLink>
            <ButtonLink to="/test">Link as secondary button</ButtonLink>
            <Button type="button" variant="quiet" aria-label="Delete (icon only)" icon={<Trash2 />} />
          </div>
        </div>
      </Panel>

      <h2>Fields</h2>
      <FieldStates id="ui-text" title="Text field" render={(props) => <TextInput {...props} defaultValue="Some text" />} />
      <FieldStates id="ui-search" title="Search field" render={(props) => <SearchInput {...props} placeholder="Number or summary" />} />
      <FieldStates
        id="ui-select"
        title="Select"
        render={(props) => (
          <Select {...props} defaultValue="New">
            {TICKET_STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </Select>
        )}
      />
      <FieldStates id="ui-date" title="Date field" render={(props) => <DateInput {...props} defaultValue="2026-11-26" />} />
      <FieldStates id="ui-textarea" title="Text area" render={(props) => <Textarea {...props} rows={3} defaultValue="A longer text." />} />

      <Panel title="Checkboxes" headingLevel={3} actions={<FocusButton section="ui-checkboxes" />}>
        <div className="ui-test__rows" id="ui-checkboxes">
          <Checkbox label="Checkbox: default" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
          <Checkbox label="Checkbox: focus" data-ui-focus="" />
          <Checkbox label="Checkbox: disabled" disabled />
          <Checkbox label="Checkbox: disabled and checked" disabled defaultChecked />
          <Field label="Confirmation" htmlFor="ui-checkbox-invalid" error="Tick the box to go on.">
            <Checkbox
              id="ui-checkbox-invalid"
              label="Checkbox: invalid"
              invalid
              aria-describedby={describedBy('ui-checkbox-invalid', { error: true })}
            />
          </Field>
        </div>
      </Panel>

      <Panel title="Badges" headingLevel={2}>
        <div className="ui-test__row">
          {TONES.map((tone) => (
            <Badge key={tone} tone={tone}>
              {tone}
            </Badge>
          ))}
        </div>
        <div className="ui-test__row">
          {TICKET_STATUSES.map((status) => (
            <StatusBadge key={status} status={status} />
          ))}
        </div>
      </Panel>

      <Panel title="Table" headingLevel={2}>
        <Table caption="Tickets by status">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Summary</th>
              <th scope="col" className="ui-table__num">
                Tickets
              </th>
            </tr>
          </thead>
          <tbody>
            {TICKET_STATUSES.slice(0, 4).map((status, index) => (
              <tr key={status}>
                <th scope="row">
                  <StatusBadge status={status} />
                </th>
                <td className="ui-table__truncate" title="A long summary that is cut off with an ellipsis when it does not fit on one line">
                  A long summary that is cut off with an ellipsis when it does not fit on one line
                </td>
                <td className="ui-table__num">{(index + 1) * 127}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Panel>

      <Panel title="Tabs" headingLevel={2}>
        <TabList
          label="Example tabs"
          idBase="ui-tabs"
          className="tabs"
          tabs={[
            { key: 'one', label: 'First' },
            { key: 'two', label: 'Second' },
            { key: 'three', label: 'Third' },
          ]}
          selected={tab}
          onSelect={setTab}
        />
        {(['one', 'two', 'three'] as const).map((key) => (
          <div key={key} {...tabPanelProps('ui-tabs', key, tab)}>
            <p>Panel of the {key === 'one' ? 'first' : key === 'two' ? 'second' : 'third'} tab. Left and Right move between the tabs.</p>
          </div>
        ))}
      </Panel>

      <Panel title="A filter bar" headingLevel={2}>
        <form className="ui-filter-bar" role="search" aria-label="Example filters" onSubmit={(event) => event.preventDefault()}>
          <Field label="Search" htmlFor="ui-filter-q">
            <SearchInput id="ui-filter-q" name="q" />
          </Field>
          <Field label="Status" htmlFor="ui-filter-status">
            <Select id="ui-filter-status" name="status" defaultValue="">
              <option value="">Any</option>
              {TICKET_STATUSES.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </Select>
          </Field>
          <Field label="From" htmlFor="ui-filter-from">
            <DateInput id="ui-filter-from" name="from" />
          </Field>
          <Button type="submit" variant="primary" icon={<Search />}>
            Apply
          </Button>
        </form>
      </Panel>
    </>
  );
}
