import { Dialog } from '@planner/ui/dialog';

/**
 * A newsletter as subscribers see it: its HTML in a sandboxed frame (no
 * scripts, no access to this page), the page's styles kept out of it.
 */
export function PreviewDialog({ subject, html, onClose }: { subject: string; html: string; onClose: () => void }) {
  return (
    <Dialog title={`Preview: ${subject}`} wide onCancel={onClose}>
      <iframe className="newsletter-preview" title={`Preview of ${subject}`} sandbox="" srcDoc={html} />
      <p className="actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </p>
    </Dialog>
  );
}
