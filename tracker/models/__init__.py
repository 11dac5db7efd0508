from tracker.models.seasons import Season

__all__ = ["Season"]
