/**
 * The icons of the portal: lucide-react (https://lucide.dev, ISC licence), one named import each so
 * the bundle holds only those used. Add an icon here by its lucide name. Icons next to text are
 * decoration: give them `aria-hidden="true"` (Button's `icon` does it for you).
 */
export {
  ArrowLeft,
  Bell,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  Download,
  Filter,
  Mail,
  Pencil,
  Plus,
  RefreshCw,
  Save,
  Search,
  Send,
  Settings,
  Trash2,
  X,
} from 'lucide-react';
