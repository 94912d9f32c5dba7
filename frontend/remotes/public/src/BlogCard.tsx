import { Link } from 'react-router-dom';
import { CATEGORIES_PER_CARD, postDate, type BlogPost } from './blog.js';

export function BlogCard({ post }: { post: BlogPost }) {
  return (
    <li className="card blog-card">
      {post.featured_image && <img src={post.featured_image} alt="" loading="lazy" className="blog-image" />}
      <h3>
        <Link to={`/blog/${post.slug}`}>{post.title}</Link>
      </h3>
      <p className="muted">{postDate(post)}</p>
      {post.categories.length > 0 && (
        <ul className="chips" aria-label="Categories">
          {post.categories.slice(0, CATEGORIES_PER_CARD).map((category) => (
            <li key={category.id}>{category.name}</li>
          ))}
        </ul>
      )}
      <p>{post.excerpt}</p>
    </li>
  );
}
