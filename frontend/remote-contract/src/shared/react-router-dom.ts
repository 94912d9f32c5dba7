/**
 * The react-router-dom the shell shares (SLIM_SHARES): the exports the shell and
 * the remotes use. '#react-router-dom' (package.json "imports") is the package
 * itself; 'react-router-dom' here would be the share this module defines.
 */
export { BrowserRouter, Link, NavLink, Navigate, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from '#react-router-dom';
