import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ADMIN_SCOPE, hasScope } from '../../../../shared/scopes';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationSettings,
} from '../../../../shared/notifications';
import { LoadError, Loading } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { toApiFailure } from '../../../lib/http';
import { fetchSettings, saveSettings } from '../api';
import { Button, Checkbox } from '../../../components/ui';

/**
 * `/Settings`: which notifications also come by e-mail, one checkbox per kind, saved to the server;
 * administrators also find the link to the mail catcher (/Mail) here.
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const session = useSession();
  const [attempt, setAttempt] = useState(0);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [message, setMessage] = useState('');
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    fetchSettings(controller.signal).then(setSettings, (reason: unknown) => {
      if (!controller.signal.aborted) setError(reason);
    });
    return () => controller.abort();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    setSaving(true);
    setMessage('');
    try {
      setSettings(await saveSettings(settings));
      setMessage('Your settings were saved.');
    } catch (reason) {
      setMessage(`Your settings could not be saved. ${toApiFailure(reason).message}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div className="page-header">
        <h1>Settings</h1>
      </div>
      {error !== null && <LoadError error={error} onRetry={() => setAttempt((n) => n + 1)} what="Your settings" />}
      {error === null && !settings && <Loading label="Loading settings…" />}
      {settings && (
        <form className="settings-form" onSubmit={(event) => void submit(event)}>
          <fieldset className="ui-fieldset">
            <legend>E-mail me when</legend>
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                name={kind}
                label={NOTIFICATION_KIND_LABELS[kind]}
                checked={settings.email[kind]}
                onChange={(event) => setSettings({ email: { ...settings.email, [kind]: event.target.checked } })}
              />
            ))}
          </fieldset>
          <p>You see every notification in the portal either way.</p>
          <Button type="submit" variant="primary" disabled={isSaving}>
            Save
          </Button>
          <p role="status" className="form-actions__status">
            {message}
          </p>
        </form>
      )}
      {hasScope(session.user, ADMIN_SCOPE) && (
        <p>
          Administrators: the e-mail the portal sends is on <Link to={paths.mail}>Mail</Link>.
        </p>
      )}
    </>
  );
}
