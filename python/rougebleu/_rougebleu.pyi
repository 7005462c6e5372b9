# Type stubs of the native extension module. The public API lives in the Python modules.
__version__: str
