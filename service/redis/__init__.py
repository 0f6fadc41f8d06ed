"""The Redis plumbing every feature stands on, behind one narrow interface: this package's names
(``from service.redis import ...``; the import rules keep its modules to itself, but for the embedded
Redis the command line starts, :mod:`.embedded`). A :class:`Pipe` executes a command, several sent
together (a pipeline) and a :class:`Script` by its hash, on one pipelined connection per Redis
(:class:`RedisPipe`, :mod:`.pipe`) or per master of a cluster (:class:`ClusterPipe`,
:mod:`.cluster_pipe`), made for a redis-py client by :func:`pipe_for`; a :class:`Subscriber` listens
to a channel, a :class:`ShardedSubscriber` to the sharded channels of the keys waited on;
:class:`Leases` bound the holders of something across processes. How a connection is opened and
spoken to is :mod:`.connection`. The package knows nothing of matches or accounts: it may import
:mod:`service.settings`, :mod:`service.private_files` and :mod:`service.http` (the one-write
transport) only."""

from service.redis.clients import get_many, options_of, pipe_for
from service.redis.cluster_pipe import ClusterPipe
from service.redis.connection import Arg, Script
from service.redis.leases import Leases
from service.redis.pipe import Pipe, RedisPipe
from service.redis.sharded_subscriber import ShardedSubscriber
from service.redis.subscriber import Subscriber

__all__ = ["Arg", "ClusterPipe", "Leases", "Pipe", "RedisPipe", "Script", "ShardedSubscriber", "Subscriber",
           "get_many", "options_of", "pipe_for"]
